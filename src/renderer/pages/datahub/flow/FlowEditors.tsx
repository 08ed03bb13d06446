import type { TopicDetail } from '../../../../shared/contract/datahub/topic'
import { ConsumerDialog } from '../consumer/ConsumerDialog'
import { ProducerDialog } from '../producer/ProducerDialog'
import { TopicDialog } from '../topic/TopicDialog'
import type { EditorRequest, FlowHost } from './flowHost'
import { consumerSummaryOf, mergeTopic, producerSummaryOf, withConsumer, withProducer } from './flowRow'

export interface FlowEditorsProps {
  request: EditorRequest
  host: Pick<FlowHost, 'getRow' | 'updateRow'>
  /** A new topic was created: the list reloads to show it. */
  onTopicCreated: (topic: TopicDetail) => void
  onClose: () => void
}

/** The open editor of the topic page, and what a save changes in the row it belongs to. */
export function FlowEditors({ request, host, onTopicCreated, onClose }: FlowEditorsProps) {
  const { kind, topicId, slotKey, viewOnly } = request
  const row = topicId ? host.getRow(topicId) : undefined

  if (kind === 'topic') {
    return (
      <TopicDialog
        {...(topicId ? { topicId } : {})}
        viewOnly={viewOnly}
        onClose={onClose}
        onSaved={(topic) => (row ? host.updateRow(topic.id, (r) => mergeTopic(r, topic)) : onTopicCreated(topic))}
      />
    )
  }
  if (!row) return null
  if (kind === 'producer') {
    const id = row.producer.data?.id
    return (
      <ProducerDialog
        topic={row.topic}
        {...(id ? { producerId: id } : {})}
        viewOnly={viewOnly}
        onClose={onClose}
        onSaved={(p) => host.updateRow(row.topic.id, (r) => withProducer(r, producerSummaryOf(p)))}
      />
    )
  }
  const id = row.consumers.find((c) => c.key === slotKey)?.data?.id
  const producerId = row.producer.data?.id
  return (
    <ConsumerDialog
      topic={row.topic}
      {...(id ? { consumerId: id } : {})}
      {...(producerId ? { producerId } : {})}
      viewOnly={viewOnly}
      onClose={onClose}
      onSaved={(c) => host.updateRow(row.topic.id, (r) => withConsumer(r, slotKey ?? c.id, consumerSummaryOf(c)))}
    />
  )
}
