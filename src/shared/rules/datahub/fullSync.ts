/**
 * A flow that writes the same rows again on every run (issue 33 item 5): a scheduled producer
 * that reads its whole source each time — a dblink or bigdata full sync (dataSynch not 'up'), an
 * LDAP search — into a dblink consumer that only inserts (isUpdateRecord not '1'). From the second
 * run each insert meets the row the first run wrote: a duplicate-key failure where the table has
 * a key, the row twice where it has none. The consumer editor and the simulator both warn of it.
 */
type Loose = Record<string, unknown> | null | undefined

interface ProducerLike {
  productionMode: string
  dbLinkRequestInfoModel?: Loose
  bigdataRequestInfoModel?: Loose
}

interface ConsumerLike {
  dataConsumeType: string
  dbLinkRequestInfoModel?: Loose
}

/** Whether each run of the producer sends every row of its source again. */
export function resendsEveryRow(producer: ProducerLike): boolean {
  if (producer.productionMode === 'ldap') return true
  const model = producer.productionMode === 'dblink' ? producer.dbLinkRequestInfoModel : producer.productionMode === 'bigdata' ? producer.bigdataRequestInfoModel : undefined
  return model != null && model.dataSynch !== 'up'
}

/** Whether the consumer writes rows by inserting only, never updating one it finds by key. */
export const insertsOnly = (consumer: ConsumerLike): boolean => consumer.dataConsumeType === 'dblink' && consumer.dbLinkRequestInfoModel?.isUpdateRecord !== '1'

export const rewritesRowsEachRun = (producer: ProducerLike | null | undefined, consumer: ConsumerLike): boolean => producer != null && resendsEveryRow(producer) && insertsOnly(consumer)
