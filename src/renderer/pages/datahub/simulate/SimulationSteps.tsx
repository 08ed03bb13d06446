import { useTranslation } from 'react-i18next'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import type { Simulation } from '../../../../shared/contract/datahub/simulate'
import { CodeText } from '../../../components/code/CodeText'
import { ConsumerSteps } from './ConsumerSteps'
import { RoutingStep } from './RoutingStep'
import { StepSection } from './StepSection'

const useStyles = makeStyles({
  steps: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** A simulation's steps in a message's order, each with its outcome, error in place and output. */
export function SimulationSteps({ simulation }: { simulation: Simulation }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { admission, check, preProcess, routing, consumers } = simulation
  return (
    <div className={styles.steps} role="region" aria-label={t('simulate:results_label')}>
      {admission.notes.length > 0 && <StepSection title={t('simulate:step_admission')} step={admission} />}
      <StepSection title={t('simulate:step_check')} step={check}>
        {check.dataFormat && <Text className={styles.muted}>{t('simulate:format', { format: check.dataFormat })}</Text>}
      </StepSection>
      <StepSection title={t('simulate:step_pre')} step={preProcess}>
        {preProcess.enabled && <Text className={styles.muted}>{t('simulate:processor', { type: preProcess.type })}</Text>}
        {preProcess.output && <CodeText text={preProcess.output.text} label={t('simulate:output')} />}
      </StepSection>
      <RoutingStep routing={routing} topicCode={simulation.topicCode} />
      {(routing.status === 'ok' || routing.status === 'warning') && consumers.length === 0 && <Text className={styles.muted}>{t('simulate:no_consumers')}</Text>}
      {consumers.map((c) => (
        <ConsumerSteps key={c.consumerId} result={c} />
      ))}
    </div>
  )
}
