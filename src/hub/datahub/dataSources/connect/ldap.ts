import { Client } from 'ldapts'
import type { ConnectionSpec } from './types'

/** Binds with the source's DN and password (anonymous without a username) and reads the root DSE. */
export async function testLdap(spec: ConnectionSpec): Promise<string> {
  const scheme = spec.port === 636 ? 'ldaps' : 'ldap'
  const client = new Client({ url: `${scheme}://${spec.host}:${spec.port}`, timeout: spec.timeoutMs, connectTimeout: spec.timeoutMs })
  try {
    if (spec.username) await client.bind(spec.username, spec.password)
    const { searchEntries } = await client.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['vendorName', 'vendorVersion'] })
    const root = searchEntries[0]
    return [root?.vendorName, root?.vendorVersion].filter(Boolean).map(String).join(' ')
  } finally {
    await client.unbind().catch(() => {})
  }
}
