import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, makeStyles, Select } from '@fluentui/react-components'
import { ALARM_OBJECT_TYPES, ALARM_RULES, INCIDENT_STATES, type AlarmObjectType, type AlarmRule, type IncidentState } from '../../../shared/rules/alarms/incidents'
import { SearchForm } from '../../components/SearchForm'
import { INITIAL_INCIDENT_QUERY, type IncidentQuery } from './useIncidents'

const useStyles = makeStyles({ field: { width: '200px' } })

/** The alert centre's search form: state, rule, object type. Reset goes back to the open incidents. */
export function IncidentSearch({ onSearch, busy }: { onSearch: (q: IncidentQuery) => void; busy: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [draft, setDraft] = useState<IncidentQuery>(INITIAL_INCIDENT_QUERY)
  const set = <K extends keyof IncidentQuery>(k: K, v: IncidentQuery[K]) => setDraft((d) => ({ ...d, [k]: v }))
  return (
    <SearchForm
      label={t('alarms:incident_search')}
      busy={busy}
      onSearch={() => onSearch(draft)}
      onReset={() => {
        setDraft(INITIAL_INCIDENT_QUERY)
        onSearch(INITIAL_INCIDENT_QUERY)
      }}
    >
      <Field className={styles.field} label={t('alarms:field_incident_state')}>
        <Select value={draft.state} onChange={(_, d) => set('state', d.value as IncidentState | '')}>
          <option value="">{t('widgets:any')}</option>
          {INCIDENT_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`alarms:incident_${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('alarms:field_rule')}>
        <Select value={draft.rule} onChange={(_, d) => set('rule', d.value as AlarmRule | '')}>
          <option value="">{t('widgets:any')}</option>
          {ALARM_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`alarms:rule_${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.field} label={t('alarms:field_object_type')}>
        <Select value={draft.objectType} onChange={(_, d) => set('objectType', d.value as AlarmObjectType | '')}>
          <option value="">{t('widgets:any')}</option>
          {ALARM_OBJECT_TYPES.map((o) => (
            <option key={o} value={o}>
              {t(`alarms:object_${o}`)}
            </option>
          ))}
        </Select>
      </Field>
    </SearchForm>
  )
}
