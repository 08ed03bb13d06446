import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import type { StepError, StepNote } from '../../../../shared/contract/datahub/simulate'

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  notes: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
})

export interface StepView {
  status: 'ok' | 'warning' | 'failed' | 'skipped'
  error: StepError | null
  notes: readonly StepNote[]
}

const BADGE = { ok: 'success', warning: 'warning', failed: 'danger', skipped: 'informative' } as const

/** One step of a simulation: its name and outcome, its error in place (with the script line), its notes, then what it produced. */
export function StepSection({ title, step, label, children }: { title: string; step: StepView; label?: string; children?: ReactNode }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <section className={styles.section} aria-label={label ?? title} data-step-status={step.status}>
      <div className={styles.head}>
        <Text className={styles.title}>{title}</Text>
        <Badge appearance="tint" color={BADGE[step.status]}>
          {t(`simulate:status_${step.status}`)}
        </Badge>
      </div>
      {step.error && <StepErrorBar error={step.error} />}
      {step.notes.length > 0 && (
        <ul className={styles.notes}>
          {step.notes.map((n) => (
            <li key={n}>{t(`simulate:note_${n}`)}</li>
          ))}
        </ul>
      )}
      {children}
    </section>
  )
}

export function StepErrorBar({ error }: { error: StepError }) {
  const { t } = useTranslation()
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>
        {error.line !== undefined && <strong>{t('simulate:error_line', { line: error.line })} · </strong>}
        {error.message}
      </MessageBarBody>
    </MessageBar>
  )
}
