import { ResultCodeError, type Client, type Entry } from 'ldapts'
import { openLdap } from '../../datahub/dataSources/connect/ldap'
import { reasonOf } from '../../datahub/dataSources/connect/types'
import { FetchError, type Fetcher } from './fetcher'
import { producerSource } from './source'
import { keyed } from '../../text/keyedText'

/**
 * Entries asked for per page of the paged-results control (RFC 2696): below the 500 that
 * OpenLDAP and Active Directory allow an ordinary account per plain search, so a directory of
 * any size is read a page at a time and the run never holds more than one page.
 */
export const LDAP_PAGE_SIZE = 200

/** Spec: queryCondition is an LDAP filter; empty reads every entry under the base. */
const filterOf = (condition: string): string => {
  const text = condition.trim()
  if (!text) return '(objectClass=*)'
  // "uid=a*" is how operators often write a single condition; the protocol wants it in parentheses.
  return text.startsWith('(') ? text : `(${text})`
}

/** Spec: resultFields, comma separated; empty or '*' returns every user attribute. */
const attributesOf = (fields: string): string[] => {
  const names = fields
    .split(/[,，\s]+/)
    .map((f) => f.trim())
    .filter(Boolean)
  return names.length === 0 || names.includes('*') ? [] : names
}

/**
 * Why the server refused, for the run history: ldapts names the result ("InvalidCredentialsError")
 * and puts the server's diagnostic, if any, before " Code: 0x31". Shown as "Invalid Credentials
 * (LDAP result 49): <diagnostic>".
 */
function ldapReason(err: unknown, password: string): string {
  if (!(err instanceof ResultCodeError)) return reasonOf(err, password)
  const name = err.name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2')
  const detail = reasonOf(err, password).replace(/\s*Code: 0x[0-9a-f]+\s*$/i, '').trim()
  return `${name} (LDAP result ${err.code})${detail ? `: ${detail}` : ''}`
}

/** An entry as a JSON message: its dn and each attribute (a list when it has several values; binary values in base64). */
function messageOf(entry: Entry): Record<string, unknown> {
  const text = (v: string | Buffer) => (Buffer.isBuffer(v) ? v.toString('base64') : v)
  const message: Record<string, unknown> = { dn: entry.dn }
  for (const [name, value] of Object.entries(entry)) {
    if (name === 'dn') continue
    message[name] = Array.isArray(value) ? (value as (string | Buffer)[]).map(text) : text(value as string | Buffer)
  }
  return message
}

/**
 * An ldap producer: searches `base` (the whole subtree) with `queryCondition`, returning
 * `resultFields`, bound as the producer's LDAP data source; every entry is one JSON message
 * (so its topic's format is json) and every page one batch. A directory keeps no change
 * marker the spec names, so each run reads the search's entries anew.
 */
export const ldapFetcher: Fetcher = async function* ldap(context) {
  const model = context.producer.ldapRequestInfoModel
  const base = (model?.base ?? '').trim()
  if (!base) throw new FetchError(keyed('msg_exchange_fetch_ldap_no_base'))
  const spec = await producerSource(context, model?.dataSourceName, ['ldap'])
  let client: Client
  try {
    client = await openLdap(spec)
  } catch (err) {
    throw new FetchError(keyed('msg_exchange_fetch_ldap_failed', { host: spec.host, port: spec.port, reason: ldapReason(err, spec.password) }))
  }
  try {
    const pages = client.searchPaginated(base, {
      scope: 'sub',
      filter: filterOf(model?.queryCondition ?? ''),
      attributes: attributesOf(model?.resultFields ?? ''),
      paged: { pageSize: LDAP_PAGE_SIZE },
    })
    for (;;) {
      if (context.signal.aborted) return
      let page: IteratorResult<{ searchEntries: Entry[] }>
      try {
        page = await pages.next()
      } catch (err) {
        throw new FetchError(keyed('msg_exchange_fetch_ldap_search', { base, reason: ldapReason(err, spec.password) }))
      }
      if (page.done) return
      const entries = page.value.searchEntries
      yield { messages: entries.map(messageOf), rowsRead: entries.length }
    }
  } finally {
    await client.unbind().catch(() => {})
  }
}
