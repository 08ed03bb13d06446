import { consumerNotFound } from './refusals'
import { consumerColumns, consumerFromRow, topicFromRow, type ConsumerValues } from './rows'
import { topicParty } from './topicParties'
import { consumersOf } from './topicRepository'

const party = topicParty('consumers', {
  typeCode: 'consumer',
  notFound: consumerNotFound,
  toRecord: (row, topic) => consumerFromRow(row, topicFromRow(topic)),
  columns: (values: ConsumerValues) => consumerColumns(values),
})

/** The consumer with what it shows of its topic, or undefined when it or its topic is gone. */
export const loadConsumer = party.load

/** Consumers: any number a topic, answered with their topic's name and the routing key in force. */
export const consumerRepository = {
  ...party,
  /** The consumers of a topic, in the order they were added. */
  ofTopic: consumersOf,
}
