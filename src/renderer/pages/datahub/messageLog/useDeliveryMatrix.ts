import { useCallback, useEffect, useState } from 'react'
import { consumerListAll } from '../../../../shared/contract/datahub/consumer'
import { messageDeliveries, messageDiscard, messageReplay, messageRetry, type DeliveryEntry, type MessageSummary } from '../../../../shared/contract/datahub/runtime'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { i18n } from '../../../i18n'

export type MatrixMessage = MessageSummary & { payload: string | null }

/** A consumer of the topic the message has no delivery for (added later, or not routed to). */
export interface MissingConsumer {
  consumerId: string
  name: string
}

/**
 * One message's deliveries, the topic's consumers that have none, and the operator's actions on
 * them; after each action the matrix reloads and the caller hears of it (the list's counts changed).
 */
export function useDeliveryMatrix(messageId: string, onChanged: () => void) {
  const [message, setMessage] = useState<MatrixMessage | null>(null)
  const [deliveries, setDeliveries] = useState<DeliveryEntry[]>([])
  const [missing, setMissing] = useState<MissingConsumer[]>([])
  const [loading, setLoading] = useState(true)
  const [busy, setBusy] = useState(false)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    let live = true
    setLoading(true)
    void (async () => {
      const r = await callHub(messageDeliveries, { id: messageId })
      if (!live) return
      if (!r.ok) return setLoading(false)
      setMessage(r.data.message)
      setDeliveries(r.data.deliveries)
      const consumers = await callHub(consumerListAll, { topicCode: r.data.message.topicCode }, { quiet: true })
      if (!live) return
      const have = new Set(r.data.deliveries.map((d) => d.consumerId))
      setMissing(consumers.ok ? consumers.data.filter((c) => !have.has(c.id)).map((c) => ({ consumerId: c.id, name: c.applicationName || c.applicationCode || c.id })) : [])
      setLoading(false)
    })()
    return () => {
      live = false
    }
  }, [messageId, tick])

  const after = useCallback(
    (text: string) => {
      showToast({ intent: 'success', message: text })
      setTick((n) => n + 1)
      onChanged()
    },
    [onChanged],
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
  const reload = () => setTick((n) => n + 1)
  return { message, deliveries, missing, loading, busy, replay, retry, discard, reload }
}
