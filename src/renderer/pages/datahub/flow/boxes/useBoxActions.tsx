import { useTranslation } from 'react-i18next'
import { DeleteRegular, EditRegular, EyeRegular, HistoryRegular, PauseCircleRegular, PlayCircleRegular } from '@fluentui/react-icons'
import { useFlowActions, type BoxKind } from '../flowActions'
import type { FlowRowModel } from '../flowRow'
import type { BoxAction } from './FlowBox'

export interface BoxState {
  /** No record yet (a blank slot): nothing to view, toggle or look up in the history. */
  blank: boolean
  running: boolean
  /** Spec: a producer is editable in status 0 only (1 and 2 are view only). */
  editable: boolean
}

/** The spec's four icons (view, edit, stop-or-enable, delete) plus the version history. */
export function useBoxActions(kind: BoxKind, row: FlowRowModel, slotKey: string | undefined, state: BoxState): BoxAction[] {
  const { t } = useTranslation()
  const actions = useFlowActions()
  return [
    { id: 'view', label: t('flow:action_view'), icon: <EyeRegular />, disabled: state.blank, onClick: () => actions.view(kind, row, slotKey) },
    { id: 'edit', label: t('flow:action_edit'), icon: <EditRegular />, disabled: !state.editable, onClick: () => actions.edit(kind, row, slotKey) },
    {
      id: 'toggle',
      label: state.running ? t('flow:action_disable') : t('flow:action_enable'),
      icon: state.running ? <PauseCircleRegular /> : <PlayCircleRegular />,
      disabled: state.blank,
      onClick: () => void actions.toggle(kind, row, slotKey),
    },
    // Spec: "Delete is always offered" (a blank slot is removed locally).
    { id: 'delete', label: t('flow:action_delete'), icon: <DeleteRegular />, onClick: () => void actions.remove(kind, row, slotKey) },
    { id: 'history', label: t('flow:action_history'), icon: <HistoryRegular />, disabled: state.blank, onClick: () => actions.history(kind, row, slotKey) },
  ]
}
