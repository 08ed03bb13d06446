import { useEffect, useReducer, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, makeStyles, Text, ToggleButton, tokens } from '@fluentui/react-components'
import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { ToolDialog } from '../../../components/ToolDialog'
import { initialSmartMapping, smartMappingReducer, visibleLists } from './smartMappingState'

const useStyles = makeStyles({
  options: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  columns: { display: 'grid', gridTemplateColumns: '1fr 1fr auto 1.3fr', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    height: '300px',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: { justifyContent: 'flex-start', fontFamily: tokens.fontFamilyMonospace },
  buttons: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingTop: tokens.spacingVerticalXXL },
  heading: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
})

export interface SmartMappingDialogProps {
  open: boolean
  sources: readonly string[]
  targets: readonly string[]
  onSave: (pairs: MappingPair[]) => void
  onClose: () => void
}

/**
 * Part 2 §2 "Smart mapping dialog": source fields, target fields, the mapping result. Matching
 * (case-insensitive, snake_case ↔ camelCase) is the shared smartMatch rule; Save merges the result
 * into the table and closes.
 */
export function SmartMappingDialog({ open, sources, targets, onSave, onClose }: SmartMappingDialogProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [state, dispatch] = useReducer(smartMappingReducer, undefined, () => initialSmartMapping(sources, targets))
  const lists = visibleLists(state)

  // New lists (loaded again while open) start over.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) first.current = false
    else dispatch({ type: 'load', sources, targets })
  }, [sources, targets])

  const list = (label: string, names: readonly string[], selected: string | null, onPick: (name: string) => void) => (
    <div>
      <Text className={styles.heading}>{label}</Text>
      <div className={styles.list} role="group" aria-label={label}>
        {names.length === 0 && <Text className={styles.muted}>{t('widgets:empty')}</Text>}
        {names.map((n) => (
          <ToggleButton key={n} className={styles.item} size="small" appearance={selected === n ? 'primary' : 'subtle'} checked={selected === n} onClick={() => onPick(n)}>
            {n}
          </ToggleButton>
        ))}
      </div>
    </div>
  )
  const option = (key: 'autoTarget' | 'autoSource' | 'hideSources' | 'hideTargets') => (
    <Checkbox label={t(`mapping:smart_${key}`)} checked={state[key]} onChange={(_, d) => dispatch({ type: 'option', option: key, value: d.checked === true })} />
  )
  return (
    <ToolDialog
      open={open}
      title={t('mapping:smart_title')}
      size="large"
      onClose={onClose}
      confirm={{
        label: t('common:save'),
        disabled: state.results.length === 0,
        onClick: () => {
          onSave(state.results)
          onClose()
        },
      }}
    >
      <div className={styles.options}>
        {option('autoTarget')}
        {option('autoSource')}
        {option('hideSources')}
        {option('hideTargets')}
      </div>
      {
        <div className={styles.columns}>
          {list(t('mapping:smart_sources'), lists.sources, state.source, (name) => dispatch({ type: 'source', name }))}
          {list(t('mapping:smart_targets'), lists.targets, state.target, (name) => dispatch({ type: 'target', name }))}
          <div className={styles.buttons}>
            <Button onClick={() => dispatch({ type: 'add' })} disabled={state.source == null || state.target == null}>
              {t('mapping:smart_add')}
            </Button>
            <Button onClick={() => dispatch({ type: 'delete' })} disabled={state.result == null}>
              {t('mapping:smart_delete')}
            </Button>
          </div>
          <div>
            <Text className={styles.heading}>{t('mapping:smart_results')}</Text>
            <div className={styles.list} role="group" aria-label={t('mapping:smart_results')}>
              {state.results.length === 0 && <Text className={styles.muted}>{t('widgets:empty')}</Text>}
              {state.results.map((r, i) => (
                <ToggleButton
                  key={`${r.sourceFieldName}\u0000${r.targetFieldName}`}
                  className={styles.item}
                  size="small"
                  appearance={state.result === i ? 'primary' : 'subtle'}
                  checked={state.result === i}
                  onClick={() => dispatch({ type: 'result', index: i })}
                >
                  {`${r.sourceFieldName} --> ${r.targetFieldName}`}
                </ToggleButton>
              ))}
            </div>
          </div>
        </div>
      }
    </ToolDialog>
  )
}
