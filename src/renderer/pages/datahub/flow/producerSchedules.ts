import { producerSchedules, type ProducerScheduleState } from '../../../../shared/contract/datahub/schedule'
import { callHub } from '../../../api/hub'
import { topicPoller } from './topicPoller'

/**
 * The last run and next fire of the scheduled producers on screen, asked in one call per refresh
 * for every row whose box follows its topic (topicPoller.ts), and again soon after a "run now"
 * (it invalidates producerSchedules). A topic the hub leaves out has no scheduled producer: null.
 */
export const producerSchedulesPoller = topicPoller<ProducerScheduleState | null>(async (codes) => {
  // Quiet: the schedule line is an extra on the row; a failed refresh keeps what it showed.
  const r = await callHub(producerSchedules, { topicCodes: codes.join(',') }, { quiet: true })
  if (!r.ok) return null
  const found = new Map(r.data.producers.map((p) => [p.topicCode, p]))
  return new Map(codes.map((code) => [code, found.get(code) ?? null]))
}, [producerSchedules])
