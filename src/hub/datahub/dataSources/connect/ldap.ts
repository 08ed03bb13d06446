import { Client } from 'ldapts'
import type { ConnectionSpec } from './types'

/** The server's address; port 636 is LDAP over TLS. */
const ldapUrl = (spec: ConnectionSpec): string => `${spec.port === 636 ? 'ldaps' : 'ldap'}://${spec.host}:${spec.port}`

/**
 * A client bound with the source's DN and password (anonymous without a username). The caller
 * unbinds it; a failed bind unbinds here.
 */
export async function openLdap(spec: ConnectionSpec): Promise<Client> {
  const client = new Client({ url: ldapUrl(spec), timeout: spec.timeoutMs, connectTimeout: spec.timeoutMs })
  try {
    if (spec.username) await client.bind(spec.username, spec.password)
    return client
  } catch (err) {
    await client.unbind().catch(() => {})
    throw err
  }
}

/** Binds and reads the root DSE: the server's vendor and version. */
export async function testLdap(spec: ConnectionSpec): Promise<string> {
  const client = await openLdap(spec)
  try {
    const { searchEntries } = await client.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['vendorName', 'vendorVersion'] })
    const root = searchEntries[0]
    return [root?.vendorName, root?.vendorVersion].filter(Boolean).map(String).join(' ')
  } finally {
    await client.unbind().catch(() => {})
  }
}
