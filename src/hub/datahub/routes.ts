import type { Route } from '../http/context'
import { consumerGetApiPath } from './consumerApiPath'
import { consumerCreate, consumerDelete, consumerGet, consumerListAll, consumerStatus, consumerUpdate } from './consumers'
import { producerCreate, producerDelete, producerDisableOrEnable, producerGet, producerList, producerUpdate } from './producers'
import { topicDetail, topicGetSourceAndTargetFields, topicList, topicListAll, topicListScheduleAll, topicListTags } from './topicRead'
import { topicCreate, topicDelete, topicDisableOrEnable, topicUpdate } from './topicWrite'
import { versionBacktrackCreate, versionBacktrackGet, versionBacktrackListAll } from './versions'

/** Every data-hub handler: topics, producers, consumers, and version backtrack (platform path). */
export const datahubRoutes: readonly Route[] = [
  topicList, topicListAll, topicListScheduleAll, topicDetail, topicListTags, topicGetSourceAndTargetFields,
  topicCreate, topicUpdate, topicDisableOrEnable, topicDelete,
  producerList, producerGet, producerCreate, producerUpdate, producerDisableOrEnable, producerDelete,
  consumerListAll, consumerGet, consumerCreate, consumerUpdate, consumerStatus, consumerDelete, consumerGetApiPath,
  versionBacktrackListAll, versionBacktrackGet, versionBacktrackCreate,
]
