import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { consumerDelete, consumerStatus } from '../../../../shared/contract/datahub/consumer'
import { producerDelete, producerDisableOrEnable } from '../../../../shared/contract/datahub/producer'
import { topicDelete, topicDisableOrEnable } from '../../../../shared/contract/datahub/topic'
import { nextConsumerStatus } from '../../../../shared/rules/datahub/consumer'
import { PRODUCER_STOPPED, SCHEDULED_MODES, type ProductionMode } from '../../../../shared/rules/datahub/producer'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { useSubmitAudit } from '../../../components/changing/useSubmitAudit'
import { useRunNow } from '../producer/runs/useRunNow'
import type { BoxKind, FlowActions } from './flowActions'
import type { FlowHost } from './flowHost'
import { consumerSummaryOf, mergeTopic, producerSummaryOf, withBlankConsumer, withConsumer, withoutConsumer, withoutProducer, withProducer, withTopic, type FlowRowModel } from './flowRow'

/**
 * The row actions of spec §4: toggles ask first, show the new status at once, call the hub and
 * put the old status back when it refuses (its message comes from the error policy's toast);
 * deletes ask first and then reset the slot; unsaved slots go without a call.
 *
 * Topics, producers and consumers are under change control (issue 19): the questions go through
 * the submit audit (one dialog, see useSubmitAudit.confirmAction). A change submitted for review
 * ('2020', said as information by the error policy) changes nothing yet: a toggle does not show
 * the new status at all (the box keeps the object's state), a delete keeps the box, and the box's
 * "changing" mark appears (the hub client refreshes the marks on every 2020, as after an editor's
 * submitted save).
 */
export function useFlowRowActions(host: FlowHost): FlowActions {
  const { t } = useTranslation()
  const { start: runNow } = useRunNow()
  const { confirmAction } = useSubmitAudit(host.confirm)
  return useMemo((): FlowActions => {
    const fresh = (row: FlowRowModel) => host.getRow(row.topic.id) ?? row
    const consumerOf = (row: FlowRowModel, key?: string) => row.consumers.find((c) => c.key === key)
    // Disabling a producer the hub fetches for, or its topic, also stops its run in progress: the confirmation says how.
    const scheduled = (row: FlowRowModel) => SCHEDULED_MODES.includes(row.producer.data?.productionMode as ProductionMode)
    const andItsRun = (row: FlowRowModel, message: string) => (scheduled(row) ? `${message} ${t('runs:disable_stops_run')}` : message)

    async function toggleTopic(row: FlowRowModel) {
      const { topic } = row
      const enabling = topic.status !== '1'
      const answer = await confirmAction({
        title: t('flow:confirm_title'),
        message: enabling ? t('flow:confirm_enable_topic', { name: topic.name }) : andItsRun(row, t('flow:confirm_disable_topic', { name: topic.name })),
      })
      if (answer === 'no') return
      if (answer === 'apply') host.updateRow(topic.id, (r) => withTopic(r, { status: enabling ? '1' : '0' }))
      const r = await callHub(topicDisableOrEnable, { id: topic.id, version: topic.version })
      host.updateRow(topic.id, (current) => (r.ok ? mergeTopic(current, r.data) : withTopic(current, { status: topic.status })))
    }

    async function toggleProducer(row: FlowRowModel) {
      const before = row.producer.data
      if (!before) return
      const starting = before.status === PRODUCER_STOPPED
      const name = before.appName || before.appCode
      const answer = await confirmAction({
        title: t('flow:confirm_title'),
        message: starting ? t('flow:confirm_enable_producer', { name }) : andItsRun(row, t('flow:confirm_disable_producer', { name })),
      })
      if (answer === 'no') return
      if (answer === 'apply') host.updateRow(row.topic.id, (r) => withProducer(r, { ...before, status: starting ? '1' : PRODUCER_STOPPED }))
      const r = await callHub(producerDisableOrEnable, { id: before.id, version: before.version })
      host.updateRow(row.topic.id, (current) => withProducer(current, r.ok ? producerSummaryOf(r.data) : before))
    }

    async function toggleConsumer(row: FlowRowModel, key: string) {
      const before = consumerOf(row, key)?.data
      if (!before) return
      const next = nextConsumerStatus(before.status)
      const name = before.applicationName || before.applicationCode
      const answer = await confirmAction({
        title: t('flow:confirm_title'),
        message: next === '1' ? t('flow:confirm_enable_consumer', { name }) : t('flow:confirm_disable_consumer', { name }),
      })
      if (answer === 'no') return
      if (answer === 'apply') host.updateRow(row.topic.id, (r) => withConsumer(r, key, { ...before, status: next }))
      const r = await callHub(consumerStatus, { id: before.id, version: before.version })
      host.updateRow(row.topic.id, (current) => withConsumer(current, key, r.ok ? consumerSummaryOf(r.data) : before))
    }

    async function removeTopic(row: FlowRowModel) {
      const { topic } = row
      if ((await confirmAction({ title: t('flow:confirm_title'), message: t('flow:confirm_delete_topic', { name: topic.name }) })) === 'no') return
      const r = await callHub(topicDelete, { id: topic.id, version: topic.version })
      if (r.ok) host.topicDeleted(topic.id)
    }

    async function removeProducer(row: FlowRowModel) {
      const producer = row.producer.data
      // A blank slot: nothing on the hub, nothing to ask.
      if (!producer) return host.updateRow(row.topic.id, withoutProducer)
      const name = producer.appName || producer.appCode
      if ((await confirmAction({ title: t('flow:confirm_title'), message: t('flow:confirm_delete_producer', { name }) })) === 'no') return
      const r = await callHub(producerDelete, { id: producer.id, version: producer.version })
      if (r.ok) host.updateRow(row.topic.id, withoutProducer)
    }

    async function removeConsumer(row: FlowRowModel, key: string) {
      const consumer = consumerOf(row, key)?.data
      // Spec: unsaved items (no id) are removed locally without a server call.
      if (!consumer) return host.updateRow(row.topic.id, (r) => withoutConsumer(r, key))
      const name = consumer.applicationName || consumer.applicationCode
      if ((await confirmAction({ title: t('flow:confirm_title'), message: t('flow:confirm_delete_consumer', { name }) })) === 'no') return
      const r = await callHub(consumerDelete, { id: consumer.id, version: consumer.version })
      if (r.ok) host.updateRow(row.topic.id, (current) => withoutConsumer(current, key))
    }

    const open = (kind: BoxKind, row: FlowRowModel, slotKey: string | undefined, viewOnly: boolean) =>
      host.openEditor({ kind, topicId: row.topic.id, ...(slotKey ? { slotKey } : {}), viewOnly })

    return {
      view: (kind, row, slotKey) => open(kind, fresh(row), slotKey, true),
      edit(kind, row, slotKey) {
        const current = fresh(row)
        // Spec §4: a producer or consumer is edited only under an enabled topic (the hub refuses too).
        if (kind !== 'topic' && current.topic.status !== '1') {
          showToast({ intent: 'error', message: t('messages:msg_topic_not_enabled') })
          return
        }
        open(kind, current, slotKey, false)
      },
      async toggle(kind, row, slotKey) {
        const current = fresh(row)
        if (kind === 'topic') return toggleTopic(current)
        if (kind === 'producer') return toggleProducer(current)
        if (slotKey) return toggleConsumer(current, slotKey)
      },
      async remove(kind, row, slotKey) {
        const current = fresh(row)
        if (kind === 'topic') return removeTopic(current)
        if (kind === 'producer') return removeProducer(current)
        if (slotKey) return removeConsumer(current, slotKey)
      },
      history(kind, row, slotKey) {
        const current = fresh(row)
        if (kind === 'topic') return host.openHistory({ typeCode: 'topic', typeId: current.topic.id, name: current.topic.name })
        const data = kind === 'producer' ? current.producer.data : consumerOf(current, slotKey)?.data
        if (!data) return
        const name = 'appCode' in data ? data.appName || data.appCode : data.applicationName || data.applicationCode
        host.openHistory({ typeCode: kind, typeId: data.id, name })
      },
      addConsumer: (row) => host.updateRow(row.topic.id, withBlankConsumer),
      async runNow(row) {
        const producer = fresh(row).producer.data
        if (producer) await runNow(producer.id)
      },
      runs(row) {
        const producer = fresh(row).producer.data
        if (producer) host.openRuns({ producerId: producer.id, name: producer.appName || producer.appCode })
      },
      tryMessage(row) {
        const { topic, producer } = fresh(row)
        if (topic.id) host.openTry({ topicCode: topic.code, name: topic.name, ...(producer.data ? { producerId: producer.data.id } : {}) })
      },
    }
  }, [host, t, runNow, confirmAction])
}
