import type { Selectable } from 'kysely'
import type { HubConfig } from '../../config'
import type { OutboxKind, OutboxKinds } from '../../kernel/outboxKinds'
import type { Store } from '../../store'
import type { CallbacksTable } from '../tables'

/**
 * The outbox's kinds as this hub's sender hands them a row (kernel/outboxKinds.ts): the store and
 * settings, and the row of dh_callbacks. A file of its own, apart from the sender, so the hub
 * context can name its registry without importing the sender.
 */
export interface OutboxHub {
  store: Store
  config: HubConfig
}
export type OutboxRow = Selectable<CallbacksTable>
export type HubOutboxKind = OutboxKind<OutboxHub, OutboxRow>
export type HubOutboxKinds = OutboxKinds<OutboxHub, OutboxRow>
