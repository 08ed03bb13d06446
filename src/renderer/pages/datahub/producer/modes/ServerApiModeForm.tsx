import { useTranslation } from 'react-i18next'
import { Input, Radio, RadioGroup } from '@fluentui/react-components'
import { SERVER_API_ADDR, SERVER_API_WS_ADDR } from '../../../../../shared/rules/datahub/producerModes'
import { FormField } from '../../../../components/FormField'
import { AuthMethodSelect } from '../../../../components/httpApi/AuthMethodSelect'
import type { ApiAuthorization } from '../../../../components/httpApi/apiModel'
import { useViewOnly } from '../../../../components/viewOnly'
import { ReadOnlyLine, type ModelBinding } from './modelBinding'

/**
 * serverApi / serverApiWS (spec §2): the source calls the hub on a fixed address, shown
 * read-only, and may have to authenticate: the API authentication block (read-only application
 * name, needs-authentication radio, then the method by name).
 */
export function ServerApiModeForm({ b, ws, appCode, appName }: { b: ModelBinding; ws: boolean; appCode: string; appName: string }) {
  const { t } = useTranslation()
  const viewOnly = useViewOnly()
  const auth = (b.model.authorization ?? {}) as ApiAuthorization
  const setAuth = (change: Partial<ApiAuthorization>) => b.set({ authorization: { ...auth, appCode, appName, ...change } })
  return (
    <>
      {ws ? <ReadOnlyLine label={t('producer:field_api_ws_addr')} value={SERVER_API_WS_ADDR} /> : <ReadOnlyLine label={t('producer:field_api_addr')} value={SERVER_API_ADDR} />}
      <FormField label={t('widgets:auth_app_name')}>
        <Input value={appName || appCode} readOnly disabled />
      </FormField>
      <FormField label={t('widgets:auth_needed')}>
        <RadioGroup
          layout="horizontal"
          value={auth.display ?? '0'}
          disabled={viewOnly}
          // Spec §4: authentication not needed clears the chosen method.
          onChange={(_, d) => setAuth({ display: d.value, selectedAuth: d.value === '1' ? auth.selectedAuth ?? '' : '' })}
        >
          <Radio value="1" label={t('widgets:yes')} />
          <Radio value="0" label={t('widgets:no')} />
        </RadioGroup>
      </FormField>
      {auth.display === '1' && (
        <FormField label={t('widgets:auth_method')}>
          <AuthMethodSelect appCode={appCode} value={auth.selectedAuth ?? ''} aria-label={t('widgets:auth_method')} onChange={(id) => setAuth({ selectedAuth: id })} />
        </FormField>
      )}
    </>
  )
}
