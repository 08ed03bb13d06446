import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import type { HubProfile, ProfileTest } from '../../../shared/ipc'
import { profileFormSchema } from '../../../shared/rules/profile'
import { invoke } from '../../bridge/desktop'
import { useRuleForm } from '../useRuleForm'
import { TestResult } from './TestResult'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
})

/** Add (no profile) or edit one remote profile; checked on blur with the shared rule, then by main. */
export function ProfileEditor({ profile, onDone }: { profile: HubProfile | null; onDone: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const form = useRuleForm(profileFormSchema, { name: profile?.name ?? '', baseUrl: profile?.baseUrl ?? '' })
  const [busy, setBusy] = useState(false)
  const [test, setTest] = useState<ProfileTest | null>(null)
  const message = (key: string | undefined) => (key ? t(`messages:${key}`) : undefined)
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null)
  // A refusal from main is about the value it saw: editing the field clears it.
  const edit = (field: 'name' | 'baseUrl', value: string) => {
    if (serverError?.field === field) setServerError(null)
    form.setValue(field, value)
  }
  const fieldMessage = (field: 'name' | 'baseUrl') => (serverError?.field === field ? serverError.message : message(form.errors[field]))

  async function onSave() {
    setServerError(null)
    const checked = form.validate()
    if (!checked.ok) return
    const parsed = checked.data
    setBusy(true)
    const r = await invoke('profiles.save', { ...(profile ? { id: profile.id } : {}), ...parsed })
    setBusy(false)
    if (r.ok) onDone()
    else setServerError({ field: r.field, message: r.message })
  }
  async function onTest() {
    const checked = form.validate()
    if (!checked.ok) return
    setBusy(true)
    setTest(await invoke('profiles.test', { baseUrl: checked.data.baseUrl }))
    setBusy(false)
  }

  return (
    <div className={styles.form}>
      <Field label={t('profiles:name')} validationMessage={fieldMessage('name')}>
        <Input value={form.values.name} onChange={(_, d) => edit('name', d.value)} onBlur={() => form.onBlur('name')} maxLength={50} />
      </Field>
      <Field label={t('profiles:base_url')} hint={t('profiles:base_url_hint')} validationMessage={fieldMessage('baseUrl')}>
        <Input type="url" value={form.values.baseUrl} onChange={(_, d) => edit('baseUrl', d.value)} onBlur={() => form.onBlur('baseUrl')} />
      </Field>
      {serverError && !serverError.field && <TestResult result={{ ok: false, message: serverError.message }} />}
      {test && <TestResult result={test} />}
      <div className={styles.actions}>
        <Button disabled={busy} onClick={() => void onTest()}>
          {t('profiles:test_connection')}
        </Button>
        <Button onClick={onDone}>{t('common:cancel')}</Button>
        <Button appearance="primary" disabled={busy} onClick={() => void onSave()}>
          {t('common:save')}
        </Button>
      </div>
    </div>
  )
}
