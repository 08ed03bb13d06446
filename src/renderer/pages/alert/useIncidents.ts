import { useCallback, useState } from 'react'
import { incidentList, type Incident } from '../../../shared/contract/alarms/incidents'
import type { AlarmObjectType, AlarmRule, IncidentState } from '../../../shared/rules/alarms/incidents'
import { useHubQuery } from '../../api/query'
import { DEFAULT_PAGE } from '../../components/pagination/pager'
import type { PageChange } from '../../components/pagination/PaginationBar'

/** The alert centre's search: '' means "any". It opens on the open incidents. */
export interface IncidentQuery {
  state: IncidentState | ''
  rule: AlarmRule | ''
  objectType: AlarmObjectType | ''
}
export const INITIAL_INCIDENT_QUERY: IncidentQuery = { state: 'open', rule: '', objectType: '' }

const NO_ROWS: Incident[] = []
/** Only the criteria given. */
const filterOf = (q: IncidentQuery) => ({ ...(q.state ? { state: q.state } : {}), ...(q.rule ? { rule: q.rule } : {}), ...(q.objectType ? { objectType: q.objectType } : {}) })

/** One page of incidents (open first, then the most recently seen) for the query searched last. */
export function useIncidents() {
  const [query, setQuery] = useState<IncidentQuery>(INITIAL_INCIDENT_QUERY)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const { data, loading, reload } = useHubQuery(incidentList, { ...page, ...filterOf(query) })
  const search = useCallback(
    (q: IncidentQuery) => {
      setQuery(q)
      setPage((p) => ({ ...p, pageNum: 1 }))
      reload()
    },
    [reload],
  )
  return { query, page, setPage, rows: data?.content ?? NO_ROWS, total: data?.totalElements ?? 0, loading, search, reload }
}
