import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Input, makeStyles, Radio, RadioGroup, Select, Tab, TabList, Textarea, tokens } from '@fluentui/react-components'
import { FormField } from '../FormField'
import { LabeledGroup } from '../schedule/LabeledGroup'
import { useViewOnly } from '../viewOnly'
import { ApiRowsTable } from './ApiRowsTable'
import { AuthMethodSelect } from './AuthMethodSelect'
import { BODY_TYPES, hasBody, HTTP_METHODS, type ApiBody, type ApiObject } from './apiModel'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  line: { display: 'flex', gap: tokens.spacingHorizontalS },
  method: { width: '110px', flexShrink: 0 },
  url: { flexGrow: 1 },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingTop: tokens.spacingVerticalS },
})

export interface HttpApiEditorProps {
  /** What this API is (request, callback, notification), for labels and screen readers. */
  label: string
  value: ApiObject
  onChange: (api: ApiObject) => void
  onBlur?: () => void
  /** Message key for the address (shared rules), shown under it. */
  urlError?: string | undefined
  /** The application whose authentication methods the authorization tab offers. */
  appCode?: string
  appName?: string
  /** Producer only: the pagination settings, shown as a fifth tab. */
  pagination?: ReactNode
}

type ApiTab = 'params' | 'authorization' | 'headers' | 'body' | 'pagination'

/**
 * The HTTP API editor (spec §2): method and address, then tabs params / authorization / headers /
 * body like the API clients people know. GET disables the body tab; rows carry a checkbox and
 * only checked rows are saved (submittedApi); a blank row is always last to type into.
 */
export function HttpApiEditor({ label, value, onChange, onBlur, urlError, appCode = '', appName = '', pagination }: HttpApiEditorProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const viewOnly = useViewOnly()
  const [tab, setTab] = useState<ApiTab>('params')
  const uid = useId()
  const withBody = hasBody(value.method)
  const current: ApiTab = tab === 'body' && !withBody ? 'params' : tab
  const body: ApiBody = value.body ?? {}
  const auth = value.authorization ?? {}
  const set = (change: Partial<ApiObject>) => onChange({ ...value, ...change })
  const setBody = (change: Partial<ApiBody>) => set({ body: { ...body, ...change } })
  const bodyType = body.type ?? 'none'

  return (
    <div className={styles.root} role="group" aria-label={label}>
      <LabeledGroup label={t('widgets:api_address')} errorKey={urlError} required>
        <div className={styles.line}>
          <Select id={`${uid}-method`} className={styles.method} value={value.method ?? 'POST'} disabled={viewOnly} aria-label={t('widgets:api_method')} onChange={(_, d) => set({ method: d.value })}>
            {HTTP_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
          <Input id={`${uid}-url`} className={styles.url} value={value.url ?? ''} disabled={viewOnly} aria-label={t('widgets:api_url')} placeholder="https://" onChange={(_, d) => set({ url: d.value })} onBlur={onBlur} />
        </div>
      </LabeledGroup>
      <TabList size="small" selectedValue={current} onTabSelect={(_, d) => setTab(d.value as ApiTab)} aria-label={label}>
        <Tab value="params">{t('widgets:api_tab_params')}</Tab>
        <Tab value="authorization">{t('widgets:api_tab_authorization')}</Tab>
        <Tab value="headers">{t('widgets:api_tab_headers')}</Tab>
        <Tab value="body" disabled={!withBody}>
          {t('widgets:api_tab_body')}
        </Tab>
        {pagination != null && <Tab value="pagination">{t('widgets:api_tab_pagination')}</Tab>}
      </TabList>
      <div className={styles.panel} role="tabpanel" aria-label={t(`widgets:api_tab_${current}`)}>
        {current === 'params' && <ApiRowsTable label={t('widgets:api_tab_params')} rows={value.params} onChange={(params) => set({ params })} />}
        {current === 'headers' && <ApiRowsTable label={t('widgets:api_tab_headers')} rows={value.headers} onChange={(headers) => set({ headers })} />}
        {current === 'authorization' && (
          <>
            <FormField label={t('widgets:auth_app_name')}>
              <Input value={auth.appName || appName} readOnly disabled />
            </FormField>
            <FormField label={t('widgets:auth_needed')}>
              <RadioGroup
                layout="horizontal"
                value={auth.display ?? '0'}
                disabled={viewOnly}
                // Spec §4: not displayed clears the chosen method (also on save, producerModes).
                onChange={(_, d) => set({ authorization: { ...auth, display: d.value, selectedAuth: d.value === '1' ? auth.selectedAuth ?? '' : '' } })}
              >
                <Radio value="1" label={t('widgets:yes')} />
                <Radio value="0" label={t('widgets:no')} />
              </RadioGroup>
            </FormField>
            {auth.display === '1' && (
              <FormField label={t('widgets:auth_method')}>
                <AuthMethodSelect
                  appCode={auth.appCode || appCode}
                  value={auth.selectedAuth ?? ''}
                  aria-label={t('widgets:auth_method')}
                  onChange={(id) => set({ authorization: { ...auth, appCode: auth.appCode || appCode, appName: auth.appName || appName, selectedAuth: id } })}
                />
              </FormField>
            )}
          </>
        )}
        {current === 'body' && (
          <>
            <RadioGroup layout="horizontal" value={bodyType} disabled={viewOnly} aria-label={t('widgets:api_body_type')} onChange={(_, d) => setBody({ type: d.value })}>
              {BODY_TYPES.map((b) => (
                <Radio key={b} value={b} label={b === 'none' ? t('widgets:api_body_none') : b} />
              ))}
            </RadioGroup>
            {bodyType === 'form-data' && <ApiRowsTable label="form-data" rows={body.formData} onChange={(formData) => setBody({ formData })} />}
            {bodyType === 'x-www-form-urlencoded' && <ApiRowsTable label="x-www-form-urlencoded" rows={body.formUrlEncoded} onChange={(formUrlEncoded) => setBody({ formUrlEncoded })} />}
            {bodyType === 'raw' && (
              <>
                <Select value={body.raw?.rawType ?? 'JSON'} disabled={viewOnly} aria-label={t('widgets:api_raw_type')} onChange={(_, d) => setBody({ raw: { ...body.raw, rawType: d.value } })}>
                  <option value="JSON">JSON</option>
                </Select>
                <Textarea
                  rows={8}
                  resize="vertical"
                  value={body.raw?.content ?? ''}
                  disabled={viewOnly}
                  aria-label={t('widgets:api_raw_content')}
                  onChange={(_, d) => setBody({ raw: { rawType: body.raw?.rawType ?? 'JSON', content: d.value } })}
                />
              </>
            )}
          </>
        )}
        {current === 'pagination' && pagination}
      </div>
    </div>
  )
}
