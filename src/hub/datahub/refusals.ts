import { conflict, notFound } from '../kernel/refusal'

/** The data hub's refusals: each a code of the catalogue and a message key (spec §8). */
export const topicNotFound = notFound('msg_topic_not_found')
export const producerNotFound = notFound('msg_producer_not_found')
export const consumerNotFound = notFound('msg_consumer_not_found')
export const versionNotFound = notFound('msg_version_not_found')

/** Someone saved in between: never overwrite silently. */
export const versionStale = conflict('msg_version_stale')
export const topicCodeDuplicate = conflict('msg_topic_code_duplicate')
export const topicCodeLocked = conflict('msg_topic_code_locked')
export const topicNotEnabled = conflict('msg_topic_not_enabled')
export const topicInUse = conflict('msg_topic_in_use')
export const topicDeleteActive = conflict('msg_topic_delete_active')
export const topicChangeRefused = conflict('msg_topic_change_refused')
export const producerExists = conflict('msg_producer_exists')
export const producerModeLocked = conflict('msg_producer_mode_locked')
export const producerRunning = conflict('msg_producer_running')
export const producerDeleteRunning = conflict('msg_producer_delete_running')
/** No HBase / Phoenix driver here: such a producer is kept, but not started (its consumers say the same). */
export const producerBigdataUnavailable = conflict('msg_producer_bigdata_unavailable')
export const consumerDeleteRunning = conflict('msg_consumer_delete_running')
export const consumerNoTarget = conflict('msg_consumer_no_target')
export const datasourceNotFound = notFound('msg_datasource_not_found')

export { isUniqueViolation } from '../store/uniqueViolation'

/** The version the caller started from must still be the stored one (when it names one). */
export function checkVersion(stored: number, given: number | undefined): void {
  if (given !== undefined && given !== stored) throw versionStale()
}
