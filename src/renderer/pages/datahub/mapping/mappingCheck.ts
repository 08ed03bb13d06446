import type { ConsumerResult, Simulation } from '../../../../shared/contract/datahub/simulate'
import type { SqlPreview } from '../../../../shared/contract/datahub/sqlTools'
import type { MappingRow } from './mappingTable'

/** What "check against sample rows" says of one mapping row: its column would be empty, or cannot hold a sample value. */
export interface RowMark {
  kind: 'empty' | 'fail'
  /** The column type's reason (fail only). */
  reason: string
}

/** The preview's rows as records (column name → cell), as a dblink producer's message carries them. */
export const recordsOf = (preview: SqlPreview): Record<string, unknown>[] =>
  preview.rows.map((cells) => Object.fromEntries(preview.columns.map((c, i) => [c.name, cells[i] ?? null])))

/** The rows the check can send: both names filled (the hub refuses a mapping list with a blank name). */
export const checkableRows = (rows: readonly MappingRow[]): MappingRow[] => rows.filter((r) => r.sourceFieldName.trim() !== '' && r.targetFieldName.trim() !== '')

/** Where a simulation of one consumer stopped before its rows, as [step key, error], or null when it reached them. */
export function stoppedAt(simulation: Simulation): [string, string] | null {
  const consumer = simulation.consumers[0]
  const steps: [string, { status: string; error: { message: string } | null } | undefined][] = [
    ['simulate:step_check', simulation.check],
    ['simulate:step_pre', simulation.preProcess],
    ['simulate:step_post', consumer?.postProcess],
    ['simulate:step_delivery', consumer?.delivery],
  ]
  for (const [key, step] of steps) if (step?.error) return [key, step.error.message]
  return null
}

/**
 * Marks of the sent rows (in the order sent) from the consumers' dblink previews of every sample
 * message: a cell with a problem fails its row (the first reason); a column NULL in every sample
 * row — no source field, or no value — is empty.
 */
export function marksOf(sent: readonly MappingRow[], results: readonly ConsumerResult[]): Map<number, RowMark> {
  const rows = results.flatMap((r) => r.delivery.dbLink?.rows ?? [])
  const marks = new Map<number, RowMark>()
  if (rows.length === 0) return marks
  sent.forEach((row, i) => {
    const cells = rows.map((r) => r[i]).filter((c) => c !== undefined)
    const problem = cells.find((c) => c.problem !== null)?.problem
    if (problem) marks.set(row.id, { kind: 'fail', reason: problem })
    else if (cells.every((c) => !c.found || c.value === null)) marks.set(row.id, { kind: 'empty', reason: '' })
  })
  return marks
}
