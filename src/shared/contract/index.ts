import type { Endpoint } from '../endpoint'
import * as consumer from './datahub/consumer'
import { dataSourceEndpoints } from './datahub/dataSources'
import { mappingFileEndpoints } from './datahub/mappingFiles'
import { runtimeEndpoints } from './datahub/runtime'
import { wsdlEndpoints } from './datahub/wsdl'
import { adminEndpoints } from './platform/admin'
import { appEndpoints } from './platform/apps'
import { configEndpoints } from './platform/config'
import { messagingEndpoints } from './platform/messaging'
import { userCentreEndpoints } from './platform/userCentre'
import * as producer from './datahub/producer'
import * as topic from './datahub/topic'
import * as licence from './platform/licence'
import * as session from './platform/session'
import * as startup from './platform/startup'
import { pageAccess } from './platform/pageAccess'
import * as versionBacktrack from './platform/versionBacktrack'

/** Every endpoint of the contract, by id. The proxy forwards only these. */
export const endpoints = {
  [session.login.id]: session.login,
  [session.logout.id]: session.logout,
  [session.me.id]: session.me,
  [session.getPreference.id]: session.getPreference,
  [session.updateMe.id]: session.updateMe,
  [session.changePassword.id]: session.changePassword,
  [startup.initData.id]: startup.initData,
  [startup.getLicese.id]: startup.getLicese,
  ...licence.licenceEndpoints,
  [startup.myPermissions.id]: startup.myPermissions,
  [startup.portal.id]: startup.portal,
  [startup.menuList.id]: startup.menuList,
  [pageAccess.id]: pageAccess,
  [startup.i18nMessages.id]: startup.i18nMessages,
  [startup.dictionaryAll.id]: startup.dictionaryAll,
  [startup.parameterListAll.id]: startup.parameterListAll,
  [startup.langTypeQueryUsed.id]: startup.langTypeQueryUsed,
  [startup.clientRouterListAll.id]: startup.clientRouterListAll,
  [startup.pushData.id]: startup.pushData,
  [startup.health.id]: startup.health,
  [topic.topicList.id]: topic.topicList,
  [topic.topicListAll.id]: topic.topicListAll,
  [topic.topicListScheduleAll.id]: topic.topicListScheduleAll,
  [topic.topicDetail.id]: topic.topicDetail,
  [topic.topicListTags.id]: topic.topicListTags,
  [topic.topicGetSourceAndTargetFields.id]: topic.topicGetSourceAndTargetFields,
  [topic.topicCreate.id]: topic.topicCreate,
  [topic.topicUpdate.id]: topic.topicUpdate,
  [topic.topicDisableOrEnable.id]: topic.topicDisableOrEnable,
  [topic.topicDelete.id]: topic.topicDelete,
  [producer.producerList.id]: producer.producerList,
  [producer.producerGet.id]: producer.producerGet,
  [producer.producerCreate.id]: producer.producerCreate,
  [producer.producerUpdate.id]: producer.producerUpdate,
  [producer.producerDisableOrEnable.id]: producer.producerDisableOrEnable,
  [producer.producerDelete.id]: producer.producerDelete,
  [consumer.consumerListAll.id]: consumer.consumerListAll,
  [consumer.consumerGet.id]: consumer.consumerGet,
  [consumer.consumerCreate.id]: consumer.consumerCreate,
  [consumer.consumerUpdate.id]: consumer.consumerUpdate,
  [consumer.consumerStatus.id]: consumer.consumerStatus,
  [consumer.consumerDelete.id]: consumer.consumerDelete,
  [consumer.consumerGetApiPath.id]: consumer.consumerGetApiPath,
  [versionBacktrack.versionBacktrackListAll.id]: versionBacktrack.versionBacktrackListAll,
  [versionBacktrack.versionBacktrackGet.id]: versionBacktrack.versionBacktrackGet,
  [versionBacktrack.versionBacktrackCreate.id]: versionBacktrack.versionBacktrackCreate,
  ...dataSourceEndpoints,
  ...wsdlEndpoints,
  ...mappingFileEndpoints,
  ...runtimeEndpoints,
  ...adminEndpoints,
  ...configEndpoints,
  ...appEndpoints,
  ...messagingEndpoints,
  ...userCentreEndpoints,
} satisfies Record<string, Endpoint>

export const allEndpoints: readonly Endpoint[] = Object.values(endpoints)
/** Own keys only: '__proto__' or 'constructor' must not find anything. */
export const findEndpoint = (id: string): Endpoint | undefined =>
  Object.hasOwn(endpoints, id) ? (endpoints as Record<string, Endpoint>)[id] : undefined

export { consumer, producer, session, startup, topic, versionBacktrack }
