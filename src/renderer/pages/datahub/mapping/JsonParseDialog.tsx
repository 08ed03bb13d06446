import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Field, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components'
import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { ToolDialog } from '../../../components/ToolDialog'
import { pairsFromJson } from './jsonFields'

const useStyles = makeStyles({
  editor: { fontFamily: tokens.fontFamilyMonospace },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  preview: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    listStyleType: 'none',
    maxHeight: '200px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
  },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * Part 2 §2 "JSON parse dialog": a sample message in, mapping pairs out. Resolve shows the preview
 * 'source --> target'; Save hands the pairs to the table (merge rule) and closes; saving with
 * nothing resolved does nothing (§4). Invalid JSON: 'JSON内容解析失败' (§5).
 */
export function JsonParseDialog({ open, onSave, onClose }: { open: boolean; onSave: (pairs: MappingPair[]) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [text, setText] = useState('')
  const [valueAsTarget, setValueAsTarget] = useState(false)
  const [pairs, setPairs] = useState<MappingPair[]>([])
  const [error, setError] = useState(false)

  const resolve = () => {
    const r = pairsFromJson(text, valueAsTarget)
    setError(r == null)
    setPairs(r ?? [])
  }
  const save = () => {
    if (pairs.length === 0) return
    onSave(pairs)
    setPairs([])
    setText('')
    onClose()
  }
  return (
    <ToolDialog open={open} title={t('mapping:json_title')} onClose={onClose} confirm={{ label: t('common:save'), onClick: save, disabled: pairs.length === 0 }}>
      <Field label={t('mapping:json_content')} validationMessage={error ? t('mapping:json_invalid') : undefined}>
        <Textarea
          className={styles.editor}
          rows={10}
          resize="vertical"
          value={text}
          placeholder={t('mapping:json_placeholder')}
          onChange={(_, d) => {
            setText(d.value)
            setError(false)
          }}
        />
      </Field>
      <div className={styles.row}>
        <Checkbox label={t('mapping:json_value_as_target')} checked={valueAsTarget} onChange={(_, d) => setValueAsTarget(d.checked === true)} />
        <Button onClick={resolve}>{t('mapping:json_resolve')}</Button>
      </div>
      <ul className={styles.preview} aria-label={t('mapping:json_preview')}>
        {pairs.length === 0 ? (
          <li className={styles.muted}>{t('mapping:json_nothing')}</li>
        ) : (
          pairs.map((p) => <li key={`${p.sourceFieldName}\u0000${p.targetFieldName}`}>{`${p.sourceFieldName} --> ${p.targetFieldName}`}</li>)
        )}
      </ul>
      {pairs.length > 0 && <Text size={200}>{t('mapping:json_count', { count: pairs.length })}</Text>}
    </ToolDialog>
  )
}
