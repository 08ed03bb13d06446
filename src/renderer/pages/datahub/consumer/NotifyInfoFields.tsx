import { useTranslation } from 'react-i18next'
import { Checkbox, Divider, Input, Textarea } from '@fluentui/react-components'
import { FormField } from '../../../components/FormField'
import { HttpApiEditor } from '../../../components/httpApi/HttpApiEditor'
import { useViewOnly } from '../../../components/viewOnly'
import { DataSourceSelect } from '../producer/DataSourceSelect'
import { notifyFormOf, notifyTextOf, type NotifyForm } from './notifyInfo'

export interface NotifyInfoFieldsProps {
  text: string
  appCode: string
  appName: string
  /** Message keys by part ('notify.db.tableName'…). */
  errors: Record<string, string | undefined>
  onChange: (text: string) => void
  onBlur: () => void
}

/**
 * Result notifications (spec §3 notify info): into a table of a database (data source and table,
 * default dh_task_result_notify), to an API (the HTTP API editor), or by email (recipients).
 * Each is switched on or off; the list is saved as JSON text.
 */
export function NotifyInfoFields({ text, appCode, appName, errors, onChange, onBlur }: NotifyInfoFieldsProps) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const form = notifyFormOf(text)
  const set = (change: Partial<NotifyForm>) => onChange(notifyTextOf({ ...form, ...change }))
  const on = (part: keyof NotifyForm, label: string) => (
    <Checkbox
      label={label}
      checked={form[part].status === '1'}
      disabled={viewOnly}
      onChange={(_, d) => set({ [part]: { ...form[part], status: d.checked === true ? '1' : '0' } } as Partial<NotifyForm>)}
    />
  )
  return (
    <section aria-label={t('consumer:notify_title')}>
      <Divider>{t('consumer:notify_title')}</Divider>
      <FormField label={t('consumer:notify_db')}>{on('db', t('consumer:notify_on'))}</FormField>
      {form.db.status === '1' && (
        <>
          <FormField label={t('consumer:notify_db_source')} errorKey={errors['notify.db.datasourceName']} required>
            <DataSourceSelect
              appCode={appCode}
              sourceType="1"
              value={form.db.datasourceName}
              aria-label={t('consumer:notify_db_source')}
              onChange={(name) => set({ db: { ...form.db, datasourceName: name } })}
              onBlur={onBlur}
            />
          </FormField>
          <FormField label={t('consumer:notify_db_table')} errorKey={errors['notify.db.tableName']} required>
            <Input value={form.db.tableName} disabled={viewOnly} onChange={(_, d) => set({ db: { ...form.db, tableName: d.value } })} onBlur={onBlur} />
          </FormField>
        </>
      )}
      <FormField label={t('consumer:notify_http')}>{on('http', t('consumer:notify_on'))}</FormField>
      {form.http.status === '1' && (
        <HttpApiEditor
          label={t('consumer:notify_http')}
          value={form.http.api}
          appCode={appCode}
          appName={appName}
          urlError={errors['notify.http.url']}
          onChange={(api) => set({ http: { ...form.http, api } })}
          onBlur={onBlur}
        />
      )}
      <FormField label={t('consumer:notify_email')}>{on('email', t('consumer:notify_on'))}</FormField>
      {form.email.status === '1' && (
        <FormField label={t('consumer:notify_email_receiver')} errorKey={errors['notify.email.receiver']} hint={t('consumer:notify_email_hint')} required>
          <Textarea rows={2} value={form.email.receiver} disabled={viewOnly} onChange={(_, d) => set({ email: { ...form.email, receiver: d.value } })} onBlur={onBlur} />
        </FormField>
      )}
    </section>
  )
}
