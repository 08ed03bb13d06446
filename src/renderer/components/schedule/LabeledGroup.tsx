import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Label, makeStyles, Text, tokens } from '@fluentui/react-components'
import { LABEL_WIDTH } from '../FormField'

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: `${LABEL_WIDTH} 1fr`, columnGap: tokens.spacingHorizontalM, alignItems: 'start' },
  label: { paddingTop: tokens.spacingVerticalXS },
  error: { color: tokens.colorPaletteRedForeground1, display: 'block', marginTop: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3, display: 'block', marginTop: tokens.spacingVerticalXXS },
})

export interface LabeledGroupProps {
  label: string
  errorKey?: string | undefined
  /** A hint under the controls (as a Field shows one). */
  hint?: string | undefined
  required?: boolean
  children: ReactNode
}

/**
 * A FormField-like row for several controls (checkboxes, a method select beside an address):
 * Fluent's Field gives its one label and id to every control inside, which would name all the
 * checkboxes after the row. Here the row is a labelled group and each control keeps its own name.
 */
export function LabeledGroup({ label, errorKey, hint, required, children }: LabeledGroupProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const id = useId()
  return (
    <div className={styles.root}>
      <Label id={id} className={styles.label} required={required}>
        {label}
      </Label>
      <div role="group" aria-labelledby={id}>
        {children}
        {hint && (
          <Text size={200} className={styles.hint}>
            {hint}
          </Text>
        )}
        {errorKey && (
          <Text size={200} className={styles.error} role="alert">
            {t(`messages:${errorKey}`)}
          </Text>
        )}
      </div>
    </div>
  )
}
