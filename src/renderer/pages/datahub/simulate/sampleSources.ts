import { producerGet } from '../../../../shared/contract/datahub/producer'
import { messageDeliveries, messageList } from '../../../../shared/contract/datahub/runtime'
import { producerPreviewSqlData } from '../../../../shared/contract/datahub/sqlTools'
import { callHub } from '../../../api/hub'
import { recordsOf } from '../mapping/mappingCheck'
import { producerQuery } from '../mapping/useMappingCheck'

/** The most a sample may weigh: the hub takes no larger push. */
export const SAMPLE_MAX_BYTES = 2 * 1024 * 1024

/**
 * The data of the topic's latest received message that the log still keeps (its content is
 * purged after the topic's logDataStoreDay): null when there is none. Failures are the error
 * policy's toast (null too).
 */
export async function latestReceived(topicCode: string): Promise<string | null> {
  const list = await callHub(messageList, { topicCode, pageNum: 1, pageSize: 20 })
  if (!list.ok) return null
  const kept = list.data.content.find((m) => m.payloadKept)
  if (!kept) return null
  const detail = await callHub(messageDeliveries, { id: kept.id })
  return detail.ok ? detail.data.message.payload : null
}

/** Rows of the preview a batched producer's sample message holds at most. */
const PREVIEW_BATCH_ROWS = 5

/**
 * A message as the topic's dblink producer would send it, from the first rows of its SQL preview:
 * one row as an object, or (batchGetData) an array of the first rows. Null when the producer reads
 * no SQL (another mode, or no query or table yet) or the preview failed (the error policy's toast).
 */
export async function previewSample(producerId: string): Promise<unknown | null> {
  const producer = await callHub(producerGet, { id: producerId })
  if (!producer.ok) return null
  const querySql = producerQuery(producer.data)
  if (!querySql) return null
  const batched = producer.data.dbLinkRequestInfoModel?.batchGetData === '1'
  const preview = await callHub(producerPreviewSqlData, { producerId, querySql, dataNum: batched ? PREVIEW_BATCH_ROWS : 1 })
  if (!preview.ok) return null
  const records = recordsOf(preview.data)
  if (records.length === 0) return null
  return batched ? records : records[0]!
}
