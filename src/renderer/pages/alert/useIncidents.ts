import { incidentList } from '../../../shared/contract/alarms/incidents'
import type { AlarmObjectType, AlarmRule, IncidentState } from '../../../shared/rules/alarms/incidents'
import { AUTO_REFRESH_MS } from '../../api/query'
import { useSearchedList } from '../../components/pagination/useSearchedList'

/** The alert centre's search: '' means "any". It opens on the open incidents. */
export interface IncidentQuery {
  state: IncidentState | ''
  rule: AlarmRule | ''
  objectType: AlarmObjectType | ''
}
export const INITIAL_INCIDENT_QUERY: IncidentQuery = { state: 'open', rule: '', objectType: '' }

/** Only the criteria given. */
const filterOf = (q: IncidentQuery) => ({ ...(q.state ? { state: q.state } : {}), ...(q.rule ? { rule: q.rule } : {}), ...(q.objectType ? { objectType: q.objectType } : {}) })

/**
 * One page of incidents (open first, then the most recently seen) for the query searched last,
 * refreshed every 10 s (incidents open and recover underneath) unless `paused` (rows picked).
 */
export const useIncidents = (paused = false) =>
  useSearchedList(incidentList, INITIAL_INCIDENT_QUERY, (q, page) => ({ ...page, ...filterOf(q) }), { refreshEvery: AUTO_REFRESH_MS, paused })
