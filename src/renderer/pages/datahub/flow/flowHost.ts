import type { VersionType } from '../../../../shared/contract/platform/versionBacktrack'
import type { ConfirmRequest } from '../../../components/useConfirm'
import type { TryMessageRequest } from '../simulate/TryMessageDialog'
import type { BoxKind } from './flowActions'
import type { FlowRowModel } from './flowRow'

/** Which editor to open: the topic of a row, its producer, or one of its consumer slots. */
export interface EditorRequest {
  kind: BoxKind
  /** Absent for a new topic only. */
  topicId?: string
  slotKey?: string
  viewOnly: boolean
}

export interface HistoryRequest {
  typeCode: VersionType
  typeId: string
  /** The record's name, for the panel title. */
  name: string
}

/** Whose run history to show. */
export interface RunsRequest {
  producerId: string
  /** The producer's name, for the dialog title. */
  name: string
}

/** What the flow actions need from the page that holds the rows. */
export interface FlowHost {
  getRow(topicId: string): FlowRowModel | undefined
  updateRow(topicId: string, change: (row: FlowRowModel) => FlowRowModel): void
  confirm(request: ConfirmRequest): Promise<boolean>
  openEditor(request: EditorRequest): void
  openHistory(request: HistoryRequest): void
  openRuns(request: RunsRequest): void
  /** The flow simulator's dialog for one topic. */
  openTry(request: TryMessageRequest): void
  /** The hub deleted the topic: the page reloads its list. */
  topicDeleted(topicId: string): void
}
