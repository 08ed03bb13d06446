import * as consumer from '../../shared/contract/datahub/consumer'
import * as producer from '../../shared/contract/datahub/producer'
import * as topic from '../../shared/contract/datahub/topic'
import * as versionBacktrack from '../../shared/contract/platform/versionBacktrack'
import { endpointsIn } from '../../shared/endpoint'
import type { Route } from '../http/context'
import { routesFor } from '../http/routeMaps'
import { consumerGetApiPath } from './consumerApiPath'
import { consumerCreate, consumerDelete, consumerGet, consumerListAll, consumerStatus, consumerUpdate } from './consumers'
import { producerCreate, producerDelete, producerDisableOrEnable, producerGet, producerList, producerUpdate } from './producers'
import { topicDetail, topicGetSourceAndTargetFields, topicList, topicListAll, topicListScheduleAll, topicListTags } from './topicRead'
import { topicCreate, topicDelete, topicDisableOrEnable, topicUpdate } from './topicWrite'
import { versionBacktrackCreate, versionBacktrackGet, versionBacktrackListAll } from './versions'

/** Every data-hub handler: topics, producers, consumers, and version backtrack (platform path). */
export const datahubRoutes: readonly Route[] = [
  ...routesFor(endpointsIn(topic), {
    topicList, topicListAll, topicListScheduleAll, topicDetail, topicListTags, topicGetSourceAndTargetFields,
    topicCreate, topicUpdate, topicDisableOrEnable, topicDelete,
  }),
  ...routesFor(endpointsIn(producer), { producerList, producerGet, producerCreate, producerUpdate, producerDisableOrEnable, producerDelete }),
  ...routesFor(endpointsIn(consumer), { consumerListAll, consumerGet, consumerCreate, consumerUpdate, consumerStatus, consumerDelete, consumerGetApiPath }),
  ...routesFor(endpointsIn(versionBacktrack), { versionBacktrackListAll, versionBacktrackGet, versionBacktrackCreate }),
]
