import type { TFunction } from 'i18next'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import type { RowActionItem } from '../components/table/RowActions'

/** A row's edit and delete actions (lists and tree tables); each only when it is given. */
export function editActions(t: TFunction, onEdit: (() => void) | undefined, onRemove: (() => void) | undefined): RowActionItem[] {
  return [
    ...(onEdit ? [{ key: 'edit', label: t('admin:edit'), icon: <EditRegular />, onClick: onEdit }] : []),
    ...(onRemove ? [{ key: 'delete', label: t('admin:delete'), icon: <DeleteRegular />, onClick: onRemove }] : []),
  ]
}
