import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Field, makeStyles, MessageBar, MessageBarBody, Spinner, Textarea, tokens } from '@fluentui/react-components'
import { DatabaseSearchRegular, DocumentArrowUpRegular, HistoryRegular } from '@fluentui/react-icons'
import { showToast } from '../../../api/signals'
import { readable } from '../../../components/code/CodeText'
import { ToolDialog } from '../../../components/ToolDialog'
import { latestReceived, previewSample, SAMPLE_MAX_BYTES } from './sampleSources'
import { SimulationSteps } from './SimulationSteps'
import { useSimulation } from './useSimulation'

const useStyles = makeStyles({
  sources: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sample: { fontFamily: tokens.fontFamilyMonospace },
  hidden: { display: 'none' },
})

export interface TryMessageRequest {
  topicCode: string
  /** The topic's name, for the title. */
  name: string
  /** The topic's producer, when it has one: a dblink producer's SQL preview gives a sample. */
  producerId?: string
}

/**
 * "Try a message" of a topic's flow row (issue 18): a sample — typed or pasted, the latest
 * received message, a row of the producer's SQL preview, or a file — through the flow on the hub (POST /topic/simulate), shown step by
 * step with each step's error in place. Nothing is stored or sent.
 */
export function TryMessageDialog({ topicCode, name, producerId, onClose }: TryMessageRequest & { onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [sample, setSample] = useState('')
  const [readColumns, setReadColumns] = useState(false)
  const [loading, setLoading] = useState(false)
  const file = useRef<HTMLInputElement>(null)
  const simulation = useSimulation()
  const running = simulation.state.kind === 'running'

  const takeLatest = async () => {
    setLoading(true)
    try {
      const latest = await latestReceived(topicCode)
      if (latest === null) showToast({ intent: 'info', message: t('simulate:latest_none') })
      else setSample(readable(latest))
    } finally {
      setLoading(false)
    }
  }
  const takePreview = async () => {
    if (!producerId) return
    setLoading(true)
    try {
      const message = await previewSample(producerId)
      if (message === null) showToast({ intent: 'info', message: t('simulate:preview_none') })
      else setSample(JSON.stringify(message, null, 2))
    } finally {
      setLoading(false)
    }
  }
  const takeFile = async (picked: File | undefined) => {
    if (!picked) return
    if (picked.size > SAMPLE_MAX_BYTES) return showToast({ intent: 'error', message: t('simulate:file_too_large') })
    setSample(await picked.text())
  }
  const run = () => void simulation.run({ topicCode, sample, readTargetColumns: readColumns })

  return (
    <ToolDialog
      title={t('simulate:dialog_title', { name })}
      size="large"
      onClose={onClose}
      confirm={{ label: t('simulate:run'), onClick: run, disabled: sample.trim() === '' || running }}
    >
      <MessageBar intent="info">
        <MessageBarBody>{t('simulate:nothing_sent')}</MessageBarBody>
      </MessageBar>
      <div className={styles.sources}>
        <Button icon={<HistoryRegular />} disabled={loading || running} onClick={() => void takeLatest()}>
          {t('simulate:sample_latest')}
        </Button>
        {producerId && (
          <Button icon={<DatabaseSearchRegular />} disabled={loading || running} onClick={() => void takePreview()}>
            {t('simulate:sample_preview')}
          </Button>
        )}
        <Button icon={<DocumentArrowUpRegular />} disabled={loading || running} onClick={() => file.current?.click()}>
          {t('simulate:sample_file')}
        </Button>
        <input
          ref={file}
          type="file"
          className={styles.hidden}
          aria-label={t('simulate:sample_file')}
          onChange={(e) => {
            void takeFile(e.target.files?.[0])
            e.target.value = ''
          }}
        />
        {loading && <Spinner size="tiny" aria-label={t('widgets:loading')} />}
      </div>
      <Field label={t('simulate:sample_label')} hint={t('simulate:sample_hint')}>
        <Textarea className={styles.sample} rows={6} resize="vertical" value={sample} onChange={(_, d) => setSample(d.value)} />
      </Field>
      <Checkbox checked={readColumns} onChange={(_, d) => setReadColumns(d.checked === true)} label={t('simulate:read_columns')} />
      {running && <Spinner size="small" labelPosition="after" label={t('simulate:running')} />}
      {simulation.state.kind === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{simulation.state.message}</MessageBarBody>
        </MessageBar>
      )}
      {simulation.state.kind === 'done' && <SimulationSteps simulation={simulation.state.simulation} />}
    </ToolDialog>
  )
}
