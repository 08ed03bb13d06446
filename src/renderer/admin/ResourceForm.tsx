import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import type { Endpoint } from '../../shared/endpoint'
import { isChangeSubmitted } from '../api/changeReview'
import { useSubmitAudit } from '../components/changing/useSubmitAudit'
import { callHub } from '../api/hub'
import { showToast } from '../api/signals'
import { FormField } from '../components/FormField'
import { LabeledGroup } from '../components/schedule/LabeledGroup'
import { useRuleForm } from '../components/useRuleForm'
import { FieldWidget } from './fields/FieldWidget'
import type { FieldDef, FormValues, ResourceDefinition } from './resource'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

export interface ResourceFormProps<R extends { id: string }> {
  definition: ResourceDefinition<R>
  /** The record being edited; absent when creating. */
  row?: R
  /** Values over the definition's defaults when creating (e.g. the parent of a new child). */
  initial?: FormValues
  onSaved: (record: R) => void
  /** The save went to review instead ('2020', issue 19): the dialog closes, the change waits on the workbench. */
  onSubmitted?: () => void
}

/** Whether a field is part of the form in this mode and for these values. */
export function fieldShown(field: FieldDef, editing: boolean, values: FormValues): boolean {
  if (field.only === 'create' && editing) return false
  if (field.only === 'edit' && !editing) return false
  return field.visible ? field.visible(values) : true
}

/**
 * The create / edit form of a resource: its values checked by the shared rules on blur and on
 * save (spec §5). A refused save keeps the form as it is and keeps the hub's message, with its
 * 4001 field messages for their fields (spec §8: "save failure: server message shown, form
 * re-enabled"). `saving` is true while the hub has the save.
 */
export function useResourceForm<R extends { id: string }>({ definition, row, initial, onSaved, onSubmitted }: ResourceFormProps<R>) {
  const { t } = useTranslation()
  const editing = row !== undefined
  const schema = (editing ? definition.rules.update : undefined) ?? definition.rules.create
  const form = useRuleForm<FormValues, typeof schema>(schema, { ...definition.toForm(row), ...(row ? {} : initial) })
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const endpoint = (editing ? definition.endpoints.update : definition.endpoints.create) as Endpoint
  const audit = useSubmitAudit()

  async function save() {
    setMessage(null)
    const checked = form.validate()
    if (!checked.ok) return
    // Under change control, a user whose role requires approval confirms "submit audit" first.
    if (definition.changeControl && !(await audit.ask())) return
    setSaving(true)
    const values = checked.data as Record<string, unknown>
    const r = await callHub(endpoint, (definition.toInput ? definition.toInput(values, row) : values) as never, { quiet: true })
    setSaving(false)
    // Not applied, not refused: information, and (with somewhere to go) the dialog closes.
    if (isChangeSubmitted(r) && onSubmitted) {
      showToast({ intent: 'info', message: r.message })
      return onSubmitted()
    }
    if (!r.ok) {
      setMessage(r.message)
      if (r.fieldErrors) form.setFieldErrors(r.fieldErrors)
      return
    }
    showToast({ intent: 'success', message: t('messages:msg_success') })
    onSaved(r.data as R)
  }

  return { form, editing, saving, message, save, confirmDialog: audit.dialog }
}

/**
 * The form's fields with their widgets (disabled while saving), under the hub's message of a
 * refused save. The form element and its buttons are the dialog's (ResourceDialog).
 */
export function ResourceFormFields<R extends { id: string }>({ definition, state }: { definition: ResourceDefinition<R>; state: ReturnType<typeof useResourceForm<R>> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { form, editing, saving, message } = state
  return (
    <div className={styles.form}>
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      {definition.fields
        .filter((f) => fieldShown(f, editing, form.values))
        .map((f) => {
          const widget = (
            <FieldWidget
              field={f}
              value={form.values[f.name]}
              onChange={(v) => form.setValue(f.name, v)}
              onRelatedChange={(name, v) => form.setValue(name, v)}
              onBlur={() => form.onBlur(f.name)}
              disabled={saving || (editing && f.lockedOnEdit === true)}
            />
          )
          // A control of several parts: a Field would give its one name to each of them.
          return f.widget === 'custom' ? (
            <LabeledGroup key={f.name} label={t(f.label)} required={f.required} errorKey={form.errors[f.name]} hint={f.hint ? t(f.hint) : undefined}>
              {widget}
            </LabeledGroup>
          ) : (
            <FormField key={f.name} label={t(f.label)} required={f.required} errorKey={form.errors[f.name]} hint={f.hint ? t(f.hint) : undefined}>
              {widget}
            </FormField>
          )
        })}
    </div>
  )
}
