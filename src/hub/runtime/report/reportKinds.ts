import type { NotifyEntry } from '../../../shared/contract/datahub/consumerModels'
import { systemRetry } from '../../kernel/outboxKinds'
import { runtimeDb } from '../tables'
import { sendCallback } from './callbacks'
import { sendNotification } from './notifications'
import type { HubOutboxKind, HubOutboxKinds } from './outboxKind'

/** The result notification kinds a consumer's notifyInfo asks for (notifications.ts writes them). */
const NOTIFY_KINDS = ['notify_db', 'notify_http', 'notify_email'] as const satisfies readonly `notify_${NotifyEntry['type']}`[]

/**
 * The runtime's own outbox kinds: the producer callback and the consumer result notifications,
 * both sent to systems, so tried at the steady pace (systemRetry).
 */
export function registerReportKinds(outbox: HubOutboxKinds): void {
  const callback: HubOutboxKind = { kind: 'callback', ...systemRetry, send: (hub, row, signal) => sendCallback(hub, runtimeDb(hub.store.db), row.owner_id, row.body, signal) }
  const notifications = NOTIFY_KINDS.map((kind): HubOutboxKind => ({ kind, ...systemRetry, send: (hub, row, signal) => sendNotification(hub, runtimeDb(hub.store.db), row.kind, row.owner_id, row.body, signal) }))
  outbox.register(callback, ...notifications)
}
