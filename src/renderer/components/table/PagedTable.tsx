import type { ReactNode } from 'react'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { PaginationBar, type PageChange } from '../pagination/PaginationBar'
import { TablePanel } from './TablePanel'

const useStyles = makeStyles({ muted: { color: tokens.colorNeutralForeground3 } })

/** What PagedTable shows of a paged list (useSearchedList's answer fits). */
export interface PagedRows {
  rows: readonly unknown[]
  total: number
  page: PageChange
  loading: boolean
  setPage: (p: PageChange) => void
}

/**
 * A paged list's table on its panel, what it says when a loaded page is empty, and the
 * pagination bar under it; `onTurn` runs before another page is shown (forget the picked rows).
 */
export function PagedTable({ children, empty, list, onTurn }: { children: ReactNode; empty: string; list: PagedRows; onTurn?: () => void }) {
  const styles = useStyles()
  return (
    <>
      <TablePanel after={!list.loading && list.rows.length === 0 && <Text className={styles.muted}>{empty}</Text>}>{children}</TablePanel>
      <PaginationBar
        total={list.total}
        pageNum={list.page.pageNum}
        pageSize={list.page.pageSize}
        onChange={(p) => {
          onTurn?.()
          list.setPage(p)
        }}
        disabled={list.loading}
      />
    </>
  )
}
