/**
 * Field-mapping Excel import figures (part 2 mapping editor): a workbook of 100,000 mapping rows
 * × 10 columns (plus the header row), uploaded through the hub endpoint
 * POST /api/inner/datahub/file/upload/fieldMappingExcel (fastify inject: multipart, session,
 * permission, the zip directory checks, our bounded inflate, SheetJS on the first sheet with
 * values only, the merge rule, the JSON answer), against a bare SheetJS parse of the same bytes
 * (`XLSX.read(bytes)` with its default options) in the same process. Prints both medians and
 * their ratio against the target of 1.2×.
 *
 * The hub serves the same registrar (serveEndpoints) with sign-in and the mapping-file routes
 * only, so this figure does not move with the rest of the contract.
 *
 *   node --import tsx bench/fieldMappingImport.bench.ts   (BENCH_RUNS=N to change the run count)
 */
import { performance } from 'node:perf_hooks'
import * as XLSX from 'xlsx'
import { hubContext, serveEndpoints } from '../src/hub/app'
import { mappingFileRoutes } from '../src/hub/datahub/mappingFiles/routes'
import { login as loginRoute } from '../src/hub/platform/session'
import { fieldMappingExcelUpload, mappingFileEndpoints } from '../src/shared/contract/datahub/mappingFiles'
import { routePattern } from '../src/shared/endpoint'
import { login } from '../src/shared/contract/platform/session'
import { adminToken, openBenchHub, timeInTurns, verdict } from './support'

const ROWS = 100_000
const COLUMNS = 10
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TARGET = 1.2

/** The header, then rows whose first two cells are unique field names and the rest notes. */
function workbook(): Buffer {
  const rows: string[][] = [['流字段', '目标字段', ...Array.from({ length: COLUMNS - 2 }, (_, c) => `备注${c + 1}`)]]
  for (let r = 0; r < ROWS; r++) {
    const row = [`source_field_${r}`, `TARGET_FIELD_${r}`]
    for (let c = 2; c < COLUMNS; c++) row.push(`note ${r % 977} col ${c}`)
    rows.push(row)
  }
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Mapping')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

function multipart(name: string, bytes: Buffer): { body: Buffer; type: string } {
  const boundary = `----bench${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` }
}

// package.json has no "type": "module", so tsx runs this as CommonJS: no top-level await.
async function main(): Promise<void> {
  const hub = await openBenchHub((store, config) =>
    serveEndpoints(hubContext({ store, config, log: (l) => console.error(l) }), [login, ...Object.values(mappingFileEndpoints)], [loginRoute, ...mappingFileRoutes]),
  )
  const { app } = hub
  const token = await adminToken(app)

  const bytes = workbook()
  const upload = multipart('mapping.xlsx', bytes)
  const url = routePattern(fieldMappingExcelUpload)

  async function throughHub(): Promise<number> {
    const start = performance.now()
    const res = await app.inject({ method: 'POST', url, payload: upload.body, headers: { authorization: `Bearer ${token}`, 'content-type': upload.type } })
    const ms = performance.now() - start
    const body = res.json() as { code: string; message: string; data: string }
    if (body.code !== '2000') throw new Error(`the upload answered ${body.code} ${body.message}`)
    const rows = JSON.parse(body.data) as unknown[]
    if (rows.length !== ROWS) throw new Error(`the upload answered ${rows.length} rows`)
    return ms
  }
  function bareParse(): number {
    const start = performance.now()
    const book = XLSX.read(bytes)
    const ms = performance.now() - start
    if (!book.Sheets.Mapping) throw new Error('the bare parse found no sheet')
    return ms
  }

  const medians = await timeInTurns(RUNS, 1, { hub: throughHub, bare: bareParse })
  const ratio = medians.hub / medians.bare
  console.log(
    `field-mapping Excel import (${ROWS} rows × ${COLUMNS} columns, ${(bytes.length / 1024 / 1024).toFixed(1)} MB .xlsx): ` +
      `hub ${medians.hub.toFixed(0)} ms, bare SheetJS parse ${medians.bare.toFixed(0)} ms (medians of ${RUNS}) — ${verdict(ratio, TARGET)}`,
  )
  await hub.close()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
