import { createContext, useContext } from 'react'
import type { FlowRowModel } from './flowRow'

export type BoxKind = 'topic' | 'producer' | 'consumer'

/**
 * What the boxes of a row can ask for. The page implements them (confirmation, hub call, revert,
 * opening the editors); the boxes only say which box of which row. Passed by context so the
 * diagram's nodes need no callbacks in their data.
 */
export interface FlowActions {
  view(kind: BoxKind, row: FlowRowModel, slotKey?: string): void
  edit(kind: BoxKind, row: FlowRowModel, slotKey?: string): void
  toggle(kind: BoxKind, row: FlowRowModel, slotKey?: string): Promise<void>
  remove(kind: BoxKind, row: FlowRowModel, slotKey?: string): Promise<void>
  history(kind: BoxKind, row: FlowRowModel, slotKey?: string): void
  addConsumer(row: FlowRowModel): void
  /** A run of the row's producer outside its schedule. */
  runNow(row: FlowRowModel): Promise<void>
  /** The run history of the row's producer. */
  runs(row: FlowRowModel): void
  /** A sample message through the row's flow, nothing stored or sent (the flow simulator). */
  tryMessage(row: FlowRowModel): void
}

const noop = async () => {}
export const FlowActionsContext = createContext<FlowActions>({
  view: noop,
  edit: noop,
  toggle: noop,
  remove: noop,
  history: noop,
  addConsumer: noop,
  runNow: noop,
  runs: noop,
  tryMessage: noop,
})
export const useFlowActions = (): FlowActions => useContext(FlowActionsContext)
