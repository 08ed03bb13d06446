/**
 * Reading one topic, producer or consumer with what it needs of the others, for the runtime
 * (ingress, pull): the reads live in the aggregates' repositories and are named here as before.
 */
export { consumersOf, liveTopic, loadTopicDetail, requireLiveTopic, topicDetail, topicInUse, type TopicRow } from './topicRepository'
export { loadProducer } from './producerRepository'
export { loadConsumer } from './consumerRepository'
