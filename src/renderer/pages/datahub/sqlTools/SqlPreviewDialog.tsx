import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { PREVIEW_ROWS_DEFAULT } from '../../../../shared/rules/datahub/dataSource'
import { ToolDialog } from '../../../components/ToolDialog'
import { PreviewGrid } from './PreviewGrid'
import { parseRowCount } from './rowCount'
import { useSqlPreview } from './useSqlPreview'

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  count: { width: '160px' },
  sql: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    maxHeight: '96px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    margin: 0,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  summary: { color: tokens.colorNeutralForeground3 },
})

export interface SqlPreviewDialogProps {
  open: boolean
  onClose: () => void
  dataSourceName: string
  querySql: string
  producerId?: string | undefined
}

/**
 * Runs the form's query on its data source and shows the first rows (spec §5: row count 1–10000,
 * default 10; a data source is needed). Read-only on the hub's side; long runs can be cancelled.
 */
export function SqlPreviewDialog({ open, onClose, dataSourceName, querySql, producerId }: SqlPreviewDialogProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [count, setCount] = useState(String(PREVIEW_ROWS_DEFAULT))
  const [countError, setCountError] = useState<string | null>(null)
  const [inputError, setInputError] = useState<string | null>(null)
  const { state, run, cancel } = useSqlPreview()

  // A new opening starts clean; closing abandons a run still going.
  useEffect(() => {
    if (open) return
    cancel()
    setInputError(null)
    setCountError(null)
  }, [open, cancel])

  const checkCount = () => {
    const parsed = parseRowCount(count)
    setCountError(parsed.ok ? null : parsed.errorKey)
    return parsed
  }

  const start = () => {
    const parsed = checkCount()
    const source = dataSourceName.trim()
    // Spec §5: needs a data source name, else an error (the hub's producerId fallback aside).
    const missing = !source && !producerId ? 'msg_sql_datasource_required' : !querySql.trim() ? 'msg_sql_required' : null
    setInputError(missing)
    if (!parsed.ok || missing) return
    void run({ datasourceName: source || undefined, querySql, dataNum: parsed.value, producerId })
  }

  const close = () => {
    cancel()
    onClose()
  }

  return (
    <ToolDialog open={open} title={t('datasource:sql_preview_title')} size="full" onClose={close} closeLabel={t('datasource:sql_preview_close')}>
      <Text>{t('datasource:sql_preview_source', { name: dataSourceName || '—' })}</Text>
      <pre className={styles.sql} aria-label={t('datasource:sql_preview_sql')}>{querySql}</pre>
      <div className={styles.bar}>
        <Field
          className={styles.count}
          label={t('datasource:sql_preview_rows')}
          validationMessage={countError ? t(`messages:${countError}`) : undefined}
        >
          <Input value={count} inputMode="numeric" onChange={(_, d) => setCount(d.value)} onBlur={checkCount} disabled={state.kind === 'running'} />
        </Field>
        {state.kind === 'running' ? (
          <>
            <Spinner size="tiny" label={t('datasource:sql_preview_running')} />
            <Button onClick={cancel}>{t('datasource:sql_preview_cancel')}</Button>
          </>
        ) : (
          <Button appearance="primary" onClick={start}>
            {t('datasource:sql_preview_run')}
          </Button>
        )}
      </div>
      {inputError && (
        <MessageBar intent="error">
          <MessageBarBody>{t(`messages:${inputError}`)}</MessageBarBody>
        </MessageBar>
      )}
      {state.kind === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{state.message}</MessageBarBody>
        </MessageBar>
      )}
      {state.kind === 'done' && (
        <>
          {state.preview.rows.length === 0 ? <Text>{t('datasource:sql_preview_empty')}</Text> : <PreviewGrid preview={state.preview} />}
          <Text className={styles.summary}>
            {state.preview.truncated
              ? t('datasource:sql_preview_truncated', { count: state.preview.rows.length })
              : t('datasource:sql_preview_count', { count: state.preview.rows.length })}
          </Text>
          {state.preview.cutCells && state.preview.cutCells.length > 0 && (
            <Text className={styles.summary}>{t('datasource:sql_preview_cells_cut', { count: state.preview.cutCells.length })}</Text>
          )}
        </>
      )}
    </ToolDialog>
  )
}
