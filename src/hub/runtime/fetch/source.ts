import type { ConnectionSpec } from '../../datahub/dataSources/connect/types'
import { dataSourceByName } from '../../datahub/dataSources/records'
import { sourceSpec } from '../../datahub/dataSources/specs'
import { dataSourceDb } from '../../datahub/dataSources/tables'
import { FetchError, type FetchContext } from './fetcher'
import { keyed } from '../../text/keyedText'

/**
 * The connection of the data source a producer reads, named in its mode's model (or, as the
 * spec's older producers do, on the producer itself). Refused with a reason for the run
 * history when the name is empty, unknown, or names a source of another kind.
 */
export async function producerSource(context: FetchContext, modelSourceName: string | undefined, kinds: readonly string[]): Promise<ConnectionSpec> {
  const name = (modelSourceName || context.producer.dataSourceName || '').trim()
  if (!name) throw new FetchError(keyed('msg_exchange_fetch_names_no_source'))
  const source = await dataSourceByName(dataSourceDb(context.hub.store.db), name)
  if (!source) throw new FetchError(keyed('msg_exchange_source_missing', { name }))
  if (!kinds.includes(source.db_type)) throw new FetchError(keyed('msg_exchange_fetch_source_kind', { name, type: source.db_type, kinds: kinds.join(' / ') }))
  return sourceSpec(source, context.hub)
}
