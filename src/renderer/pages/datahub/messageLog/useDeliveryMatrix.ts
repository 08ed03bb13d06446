import { useCallback, useState } from 'react'
import { consumerListAll } from '../../../../shared/contract/datahub/consumer'
import { messageDeliveries, messageDiscard, messageReplay, messageRetry, type DeliveryEntry, type MessageSummary } from '../../../../shared/contract/datahub/runtime'
import type { MessageProperties } from '../../../../shared/contract/datahub/messageProperties'
import { callHub, type CallResult } from '../../../api/hub'
import { useHubLoad } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { i18n } from '../../../i18n'

export type MatrixMessage = MessageSummary & { payload: string | null; properties: MessageProperties | null }

/** A consumer of the topic the message has no delivery for (added later, or not routed to). */
export interface MissingConsumer {
  consumerId: string
  name: string
}

interface Matrix {
  message: MatrixMessage
  deliveries: DeliveryEntry[]
  missing: MissingConsumer[]
}
const NO_DELIVERIES: DeliveryEntry[] = []
const NO_MISSING: MissingConsumer[] = []

/** The message with its deliveries, then its topic's consumers that have none (without them: none missing). */
async function loadMatrix(messageId: string): Promise<CallResult<Matrix>> {
  const r = await callHub(messageDeliveries, { id: messageId })
  if (!r.ok) return r
  const consumers = await callHub(consumerListAll, { topicCode: r.data.message.topicCode }, { quiet: true })
  const have = new Set(r.data.deliveries.map((d) => d.consumerId))
  const missing = consumers.ok ? consumers.data.filter((c) => !have.has(c.id)).map((c) => ({ consumerId: c.id, name: c.applicationName || c.applicationCode || c.id })) : []
  return { ...r, data: { message: r.data.message, deliveries: r.data.deliveries, missing } }
}

/**
 * One message's deliveries, the topic's consumers that have none, and the operator's actions on
 * them; after each action the matrix reloads and the caller hears of it (the list's counts changed).
 */
export function useDeliveryMatrix(messageId: string, onChanged: () => void) {
  const [busy, setBusy] = useState(false)
  const matrix = useHubLoad([messageDeliveries, consumerListAll], messageId, () => loadMatrix(messageId))
  const { reload } = matrix

  const after = useCallback(
    (text: string) => {
      showToast({ intent: 'success', message: text })
      reload()
      onChanged()
    },
    [onChanged, reload],
  )
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }, [])

  const replay = (consumerId: string) =>
    run(async () => {
      const r = await callHub(messageReplay, { messageId, consumerId })
      if (r.ok) after(i18n.t('runtime:replayed'))
    })
  const retry = (ids: string[]) =>
    run(async () => {
      const r = await callHub(messageRetry, { ids })
      if (r.ok) after(i18n.t('runtime:retried', { count: r.data.count }))
    })
  const discard = (ids: string[]) =>
    run(async () => {
      const r = await callHub(messageDiscard, { ids })
      if (r.ok) after(i18n.t('runtime:discarded', { count: r.data.count }))
    })
  const { message = null, deliveries = NO_DELIVERIES, missing = NO_MISSING } = matrix.data ?? {}
  return { message, deliveries, missing, loading: matrix.loading, busy, replay, retry, discard, reload }
}
