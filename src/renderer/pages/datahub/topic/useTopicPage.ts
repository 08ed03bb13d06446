import { useCallback, useRef, useState } from 'react'
import { topicList, topicListTags } from '../../../../shared/contract/datahub/topic'
import { invalidate, useHubQuery } from '../../../api/query'
import { DEFAULT_PAGE } from '../../../components/pagination/pager'
import type { PageChange } from '../../../components/pagination/PaginationBar'
import { rowFromTopic, type FlowRowModel } from '../flow/flowRow'

/** The search form's criteria (spec: code, name, tag, status); '' means "any". */
export interface TopicQuery {
  code: string
  name: string
  tag: string
  status: string
}
export const EMPTY_QUERY: TopicQuery = { code: '', name: '', tag: '', status: '' }

const criteria = (q: TopicQuery) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== '')) as Partial<TopicQuery>

/**
 * One page of topic flows and the changes made to its rows. A newer load wins over an older one
 * still on its way (quick paging), and row changes are visible to the actions at once (getRow).
 */
export function useTopicPage() {
  const [query, setQuery] = useState<TopicQuery>(EMPTY_QUERY)
  const [page, setPage] = useState<PageChange>(DEFAULT_PAGE)
  const [rows, setRows] = useState<FlowRowModel[]>([])
  const [total, setTotal] = useState(0)
  const rowsRef = useRef<FlowRowModel[]>([])

  const show = useCallback((next: FlowRowModel[]) => {
    rowsRef.current = next
    setRows(next)
  }, [])

  // The rows are the page's own copy (row changes show at once); each answer replaces them.
  const { loading, reload } = useHubQuery(
    topicList,
    { ...page, ...criteria(query) },
    {
      onLoaded: (data) => {
        // A delete emptied the last page: show the one before it.
        if (data.content.length === 0 && page.pageNum > 1 && data.totalElements > 0) {
          setPage((p) => ({ ...p, pageNum: p.pageNum - 1 }))
          return
        }
        setTotal(data.totalElements)
        show(data.content.map(rowFromTopic))
        // What depends on the topics (the tag choices) reloads with them: saves and deletes change the tags in use.
        invalidate(topicListTags)
      },
    },
  )

  /** Searching again asks again, even for the same criteria. */
  const search = useCallback(
    (q: TopicQuery) => {
      setQuery(q)
      setPage((p) => ({ ...p, pageNum: 1 }))
      reload()
    },
    [reload],
  )
  const getRow = useCallback((topicId: string) => rowsRef.current.find((r) => r.topic.id === topicId), [])
  const updateRow = useCallback(
    (topicId: string, change: (row: FlowRowModel) => FlowRowModel) => show(rowsRef.current.map((r) => (r.topic.id === topicId ? change(r) : r))),
    [show],
  )

  return { query, page, setPage, rows, total, loading, search, reload, getRow, updateRow }
}
