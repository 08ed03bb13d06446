import { useEffect, useState } from 'react'
import { versionBacktrackListAll, type VersionBacktrack, type VersionType } from '../../../../shared/contract/platform/versionBacktrack'
import { callHub } from '../../../api/hub'
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
  const [records, setRecords] = useState<VersionBacktrack[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(true)
  const { typeCode, typeId } = filter

  // A new filter starts again from the first page.
  useEffect(() => setPage((p) => (p.pageNum === 1 ? p : { ...p, pageNum: 1 })), [typeCode, typeId])

  useEffect(() => {
    let live = true
    setLoading(true)
    void callHub(versionBacktrackListAll, { ...page, ...(typeCode ? { typeCode } : {}), ...(typeId ? { typeId } : {}) }).then((r) => {
      if (!live) return
      setLoading(false)
      if (!r.ok) return
      setRecords(r.data.content)
      setTotal(r.data.totalElements)
    })
    return () => {
      live = false
    }
  }, [page, typeCode, typeId])

  return { page, setPage, records, total, loading }
}
