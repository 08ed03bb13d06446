import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, makeStyles, mergeClasses } from '@fluentui/react-components'

/** Spec §2: the three large editors use 150px labels. */
export const LABEL_WIDTH = '150px'

const useStyles = makeStyles({
  // Overrides Field's horizontal '33% 1fr' grid.
  root: { gridTemplateColumns: `${LABEL_WIDTH} 1fr` },
  label: { width: LABEL_WIDTH, maxWidth: LABEL_WIDTH },
})

export interface FormFieldProps {
  label: string
  /** A message key of the shared rules (or of a 4001 answer), shown under the field. */
  errorKey?: string | undefined
  hint?: string
  required?: boolean
  className?: string
  children: ReactNode
}

/** One labelled row of an editor: label 150px on the left, the control and its message on the right. */
export function FormField({ label, errorKey, hint, required, className, children }: FormFieldProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Field
      orientation="horizontal"
      className={mergeClasses(styles.root, className)}
      label={{ children: label, className: styles.label }}
      required={required}
      hint={hint}
      validationMessage={errorKey ? t(`messages:${errorKey}`) : undefined}
    >
      {children}
    </Field>
  )
}
