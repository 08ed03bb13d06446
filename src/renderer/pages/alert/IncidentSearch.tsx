import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { makeStyles } from '@fluentui/react-components'
import { ALARM_OBJECT_TYPES, ALARM_RULES, INCIDENT_STATES } from '../../../shared/rules/alarms/incidents'
import { AnySelect } from '../../components/AnySelect'
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
      <AnySelect className={styles.field} label={t('alarms:field_incident_state')} value={draft.state} values={INCIDENT_STATES} labelOf={(v) => t(`alarms:incident_${v}`)} onChange={(v) => set('state', v)} />
      <AnySelect className={styles.field} label={t('alarms:field_rule')} value={draft.rule} values={ALARM_RULES} labelOf={(v) => t(`alarms:rule_${v}`)} onChange={(v) => set('rule', v)} />
      <AnySelect className={styles.field} label={t('alarms:field_object_type')} value={draft.objectType} values={ALARM_OBJECT_TYPES} labelOf={(v) => t(`alarms:object_${v}`)} onChange={(v) => set('objectType', v)} />
    </SearchForm>
  )
}
