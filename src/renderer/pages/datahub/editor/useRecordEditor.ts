import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChangeObjectType } from '../../../../shared/rules/approvals/process'
import { isChangeSubmitted } from '../../../api/changeReview'
import type { CallResult } from '../../../api/hub'
import { useHubLoad } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { useChangingMark } from '../../../components/changing/changingMarks'
import { useSubmitAudit } from '../../../components/changing/useSubmitAudit'
import type { PathErrors } from '../../../components/useRuleForm'

export interface RecordEditorOptions<R, V, O> {
  id: string | undefined
  load: (id: string) => Promise<CallResult<R>>
  toValues: (record: R) => V
  reset: (values: V) => void
  validate: () => { ok: true; data: O } | { ok: false; errors: PathErrors }
  setFieldErrors: (errors: Record<string, string>) => void
  create: (data: O) => Promise<CallResult<R>>
  update: (data: O, record: R) => Promise<CallResult<R>>
  onSaved: (record: R) => void
  onLoadFailed: () => void
  /** Where to go when the rule refuses: the tab of the first message. */
  onInvalid?: (errors: PathErrors) => void
  /** What the record is under change control (issue 19): its "changing" note. */
  objectType: ChangeObjectType
  /** The save went to review instead ('2020'): the editor closes (the change waits on the workbench). */
  onSubmitted: () => void
}

/**
 * Load, save and reload of one record in a tabbed editor (spec §4): no id creates, an id updates;
 * the form then takes the hub's answer. A refusal keeps the form and shows the hub's message, and
 * 4001 field keys go under their fields (spec §8 "save failure: server message, form re-enabled").
 * A user whose role requires approval is asked first ("submit audit": `confirmDialog`, which the
 * editor renders); a no keeps the form. A save submitted for review ('2020', issue 19) is no
 * failure: an information toast, and the editor closes.
 */
export function useRecordEditor<R, V, O>(o: RecordEditorOptions<R, V, O>) {
  const { t } = useTranslation()
  const [record, setRecord] = useState<R | null>(null)
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const { id, load, toValues, reset, onLoadFailed } = o
  const changing = useChangingMark(o.objectType, id)
  const audit = useSubmitAudit()

  // Loaded once per id (the callbacks are recreated by every render of the dialog); the answer
  // seeds the form, which the editor then owns.
  useHubLoad([], id, () => load(id ?? ''), {
    enabled: !!id,
    onLoaded: (loaded) => {
      setRecord(loaded)
      reset(toValues(loaded))
    },
    onFailed: () => onLoadFailed(),
  })

  async function save() {
    setMessage(null)
    const checked = o.validate()
    if (!checked.ok) return o.onInvalid?.(checked.errors)
    if (!(await audit.ask())) return
    setSaving(true)
    const r = record ? await o.update(checked.data, record) : await o.create(checked.data)
    setSaving(false)
    // Not applied but not refused either: said as information; the form's values live on in
    // the submitted change (the workbench shows them), so the editor has nothing left to save.
    if (isChangeSubmitted(r)) {
      showToast({ intent: 'info', message: r.message })
      return o.onSubmitted()
    }
    if (!r.ok) {
      setMessage(r.message)
      if (r.fieldErrors) o.setFieldErrors(r.fieldErrors)
      return
    }
    setRecord(r.data)
    reset(toValues(r.data))
    showToast({ intent: 'success', message: t('messages:msg_success') })
    o.onSaved(r.data)
  }

  /** While a change of the record is under review the hub refuses saves: the editor says so up front. */
  const notice = changing ? t('workflow:changing_editor_note', { submitter: changing.submitterName }) : null
  return { record, saving, message, notice, loading: id != null && record == null, save: () => void save(), confirmDialog: audit.dialog }
}
