import { useCallback, useEffect, useRef, useState } from 'react'
import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { blankRow, cellError, firstInvalidRow, mergeIntoRows, moveRow, rowsFromText, textFromRows, type MappingField, type MappingRow } from './mappingTable'

export type MappingCollect = { ok: true; text: string } | { ok: false; row: number }

/**
 * The state of one consumer's mapping table. It lives in the consumer dialog, not in the tab,
 * because the tabbed editor mounts only the selected tab: leaving the tab must not lose edits.
 * `text` is the consumer's stored fieldMappings; when it changes (loaded, saved) the table follows.
 *
 * Cell messages (part 2 §5: required, on blur and before save) are derived when a row renders,
 * not stored per row: with 100k rows only the visible ones ever ask.
 */
export function useMappingTable(text: string) {
  const [rows, setRows] = useState<MappingRow[]>(() => rowsFromText(text))
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  /** The first row a failed save found empty cells in, for the table to scroll to (a new object each time). */
  const [attention, setAttention] = useState<{ row: number } | null>(null)
  const latest = useRef(rows)
  latest.current = rows
  const loaded = useRef(text)

  useEffect(() => {
    if (loaded.current === text) return
    loaded.current = text
    setRows(rowsFromText(text))
    setTouched(new Set())
    setSubmitted(false)
  }, [text])

  const change = useCallback((next: MappingRow[]) => {
    latest.current = next
    setRows(next)
  }, [])

  const update = useCallback(
    (id: number, field: MappingField, value: string) => change(latest.current.map((r) => (r.id === id ? { ...r, [field]: value } : r))),
    [change],
  )
  /** Part 2 §4 "typing in a cell trims the text": on leaving the cell, so spaces inside a name can be typed. */
  const blur = useCallback(
    (id: number, field: MappingField) => {
      const row = latest.current.find((r) => r.id === id)
      if (row && row[field] !== row[field].trim()) update(id, field, row[field].trim())
      setTouched((t) => new Set(t).add(`${id}:${field}`))
    },
    [update],
  )
  const add = useCallback(() => change([...latest.current, blankRow()]), [change])
  const remove = useCallback((id: number) => change(latest.current.filter((r) => r.id !== id)), [change])
  const move = useCallback((from: number, to: number) => change(moveRow(latest.current, from, to)), [change])
  const clear = useCallback(() => {
    change([])
    setTouched(new Set())
    setSubmitted(false)
  }, [change])
  /** A bulk source (Excel, all fields, JSON, smart mapping) through the merge rule; returns how many rows were added. */
  const merge = useCallback(
    (pairs: readonly MappingPair[]): number => {
      const r = mergeIntoRows(latest.current, pairs)
      if (r.added > 0) change(r.rows)
      return r.added
    },
    [change],
  )

  const errorOf = useCallback(
    (row: MappingRow, field: MappingField): string | undefined => (submitted || touched.has(`${row.id}:${field}`) ? cellError(row, field) : undefined),
    [submitted, touched],
  )

  /** Before save: every cell checked and shown; nothing is emitted while one is empty. */
  const collect = useCallback((): MappingCollect => {
    setSubmitted(true)
    const bad = firstInvalidRow(latest.current)
    if (bad >= 0) setAttention({ row: bad })
    return bad >= 0 ? { ok: false, row: bad } : { ok: true, text: textFromRows(latest.current) }
  }, [])

  return { rows, attention, update, blur, add, remove, move, clear, merge, errorOf, collect }
}
export type MappingTableState = ReturnType<typeof useMappingTable>
