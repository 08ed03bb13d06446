import { useTranslation } from 'react-i18next'
import { Button } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'

/** A table row's edit and delete buttons (lists and tree tables); each only when it is given. */
export function RowEditButtons({ onEdit, onRemove }: { onEdit?: (() => void) | undefined; onRemove?: (() => void) | undefined }) {
  const { t } = useTranslation()
  return (
    <>
      {onEdit && (
        <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={onEdit}>
          {t('admin:edit')}
        </Button>
      )}
      {onRemove && (
        <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={onRemove}>
          {t('admin:delete')}
        </Button>
      )}
    </>
  )
}
