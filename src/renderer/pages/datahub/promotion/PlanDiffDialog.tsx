import { useTranslation } from 'react-i18next'
import type { PlanItem } from '../../../../shared/contract/promotion/endpoints'
import { FieldDiffTable } from '../../../components/FieldDiffTable'
import { ToolDialog } from '../../../components/ToolDialog'
import { kindKey } from './sections'

/** An object the plan creates or changes: the target's fields beside the document's, like the version history's comparison. */
export function PlanDiffDialog({ item, onClose }: { item: PlanItem; onClose: () => void }) {
  const { t } = useTranslation()
  const diff = item.fields.map((f) => ({ field: f.field, older: f.current, newer: f.incoming, changed: f.changed, secret: f.secret }))
  return (
    <ToolDialog title={t('promotion:diff_title', { kind: t(kindKey(item.kind)), code: item.code })} size="full" onClose={onClose}>
      <FieldDiffTable
        diff={diff}
        label={t('promotion:diff_table')}
        olderLabel={item.action === 'create' ? t('promotion:col_target_none') : t('promotion:col_target')}
        newerLabel={t('promotion:col_document')}
        secretText={t('promotion:secret_value')}
      />
    </ToolDialog>
  )
}
