import { topicSimulate } from '../../../shared/contract/datahub/simulate'
import { route } from '../../http/context'
import { simulateMessage } from './simulate'

/** POST /topic/simulate: a sample through the topic's flow, nothing stored or sent (simulate.ts). */
export const topicSimulateRoute = route(topicSimulate, (input, call) => simulateMessage(call, input))
