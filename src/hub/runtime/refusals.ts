import { ResultCode } from '../../shared/envelope'
import { Refusal, conflict } from '../kernel/refusal'
import type { LimitReason } from './engines/limits'

/** The runtime's refusals: a code of the catalogue and a message key (messages.runtime.json). */

/**
 * An application pushed to or pulled from a topic code that names no live topic. The console's
 * '消息暂不存在' (msg_topic_not_found) says nothing to an integrator who mistyped the code, so
 * this one names the code they sent (spec §8 catalogue: "topic does not exist", code 4040).
 */
export const topicUnknown = (params: { topicCode: string }) => new Refusal(ResultCode.notFound, 'msg_runtime_topic_not_found', params)
export const topicDisabled = conflict('msg_runtime_topic_disabled')
export const producerDisabled = conflict('msg_runtime_producer_disabled')
export const producerNotServerApi = conflict('msg_runtime_producer_not_server_api')
export const authUnavailable = conflict('msg_runtime_auth_unavailable')
export const authUnsupported = conflict('msg_runtime_auth_unsupported')
/** Not 4030: that code makes the console drop its own session, and this caller has none. */
export const authFailed = () => new Refusal(ResultCode.forbidden, 'msg_runtime_auth_failed')

/** Pull (pull/): who the application is, and what it may pull. */
export const appAuthFailed = () => new Refusal(ResultCode.forbidden, 'msg_runtime_app_auth_failed')
export const appAuthDisabled = (params: { appCode: string }) => new Refusal(ResultCode.forbidden, 'msg_runtime_app_auth_disabled', params)
export const noPullConsumer = (params: { topicCode: string; appCode: string }) => new Refusal(ResultCode.notFound, 'msg_runtime_no_pull_consumer', params)
export const pullConsumerDisabled = conflict('msg_runtime_pull_consumer_disabled')
export const pullTopicDisabled = conflict('msg_runtime_pull_topic_disabled')

const invalid = (key: string) => (params: Record<string, string | number> = {}) => new Refusal(ResultCode.validation, key, params)
export const dataNotJson = invalid('msg_runtime_data_not_json')
export const dataNotXml = invalid('msg_runtime_data_not_xml')
export const dataSchemaMismatch = invalid('msg_runtime_data_schema_mismatch')
export const topicSchemaUnreadable = conflict('msg_runtime_topic_schema_unreadable')
export const preprocessFailed = invalid('msg_runtime_preprocess_failed')
export const routeFailed = invalid('msg_runtime_route_failed')
export const dataTooDeep = invalid('msg_runtime_data_too_deep')
/** An mq message's body that cannot be read as its publisher declared (listen/bodyCharset.ts). */
export const charsetUnknown = invalid('msg_runtime_charset_unknown')
export const charsetConflict = invalid('msg_runtime_charset_conflict')
export const bodyNotInCharset = invalid('msg_runtime_body_not_in_charset')

/** A processor or route row stopped at one of the engines' bounds (engines/limits.ts). */
export function engineLimit(reason: LimitReason, topicCode: string): Refusal {
  switch (reason.kind) {
    case 'depth':
      return dataTooDeep({ limit: reason.limit })
    case 'output':
      return new Refusal(ResultCode.tooLarge, 'msg_runtime_processor_output_too_large', { limit: reason.limitMb })
    case 'memory':
      return new Refusal(ResultCode.tooLarge, 'msg_runtime_processor_memory', { limit: reason.limitMb })
    case 'busy':
      return new Refusal(ResultCode.busy, 'msg_runtime_topic_busy', { topicCode })
  }
}

/**
 * Scheduled producers (spec part 2 §8 "Scheduling": no job; job not started; producer has an
 * enabled schedule job), and a second "run now" while one runs.
 */
export const scheduleNoJob = conflict('msg_schedule_no_job')
export const scheduleJobNotStarted = conflict('msg_schedule_job_not_started')
export const scheduleJobEnabled = conflict('msg_schedule_job_enabled')
export const scheduleRunInProgress = conflict('msg_schedule_run_in_progress')
export const scheduleNeverFires = invalid('msg_schedule_never_fires')

/** "Run with this file": only excel producers read workbooks; the inbox is the node's own folder. */
export const runFileNotExcel = conflict('msg_run_file_not_excel')
export const runFileNoScheduler = conflict('msg_run_file_no_scheduler')
