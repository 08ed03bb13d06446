import { useEffect, useState } from 'react'
import { versionBacktrackListAll, type VersionType } from '../../../../shared/contract/platform/versionBacktrack'
import { useHubQuery } from '../../../api/query'
import type { PageChange } from '../../../components/pagination/PaginationBar'

/** Spec §7: version lists are fetched from page 1 with 10 rows. */
export const VERSION_PAGE: PageChange = { pageNum: 1, pageSize: 10 }

export interface VersionFilter {
  typeCode?: VersionType
  typeId?: string
}

/** One page of version records (newest first, as the hub answers them) for a filter. */
export function useVersionList(filter: VersionFilter) {
  const [page, setPage] = useState<PageChange>(VERSION_PAGE)
  const { typeCode, typeId } = filter

  // A new filter starts again from the first page.
  useEffect(() => setPage((p) => (p.pageNum === 1 ? p : { ...p, pageNum: 1 })), [typeCode, typeId])

  const { data, loading } = useHubQuery(versionBacktrackListAll, { ...page, ...(typeCode ? { typeCode } : {}), ...(typeId ? { typeId } : {}) })

  return { page, setPage, records: data?.content ?? [], total: data?.totalElements ?? 0, loading }
}
