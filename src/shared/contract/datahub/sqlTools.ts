import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { PREVIEW_ROWS_DEFAULT, previewRowsRule, querySqlRule, sqlDataSourceRule, tableNameRule } from '../../rules/datahub/dataSource'
import { TOPIC_PERMISSION } from './permissions'

/**
 * The SQL tools of the dblink producer form (spec part 1 §7): columns of a table, columns of a
 * query, and a preview of a query's rows. Every query runs read-only and under a time limit on
 * the chosen data source.
 */

/** Spec part 1 §3 Column: columnName, dataTypeName, desc, primaryKeyStatus, synchStatus 0/1. */
export const columnSchema = z.object({
  columnName: z.string(),
  dataTypeName: z.string(),
  desc: z.string(),
  primaryKeyStatus: z.enum(['0', '1']),
  synchStatus: z.enum(['0', '1']),
})
export type Column = z.output<typeof columnSchema>

/** A cell as JSON carries it: dates, big numbers and binary data arrive as text. */
export const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()])
export type Cell = z.output<typeof cellSchema>

export const previewSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(cellSchema)),
  /** More rows were there than asked for, or than fit the preview's byte budget. */
  truncated: z.boolean(),
  /**
   * Cells cut short (their text ends with '…'), as [row, column] indexes into `rows`. Absent
   * when none was cut: an addition to the spec's answer, which older consoles ignore.
   */
  cutCells: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
})
export type SqlPreview = z.output<typeof previewSchema>

/**
 * Spec payload: producerId, dataNum, querySql, datasourceName. Without a data source name the
 * producer's own (by producerId) is used; without either the answer is msg_sql_datasource_required.
 */
export const sqlPayloadSchema = z.object({
  producerId: z.string().max(64).optional(),
  dataNum: previewRowsRule.default(PREVIEW_ROWS_DEFAULT),
  querySql: querySqlRule,
  datasourceName: z.string().trim().max(50, 'msg_datasource_name_length').optional(),
})

const base = { area: 'datahub', access: 'session', permission: TOPIC_PERMISSION } as const

export const producerGetColumnsByDataSourceNameAndTableName = defineEndpoint({
  ...base,
  id: 'datahub.producer.getColumnsByDataSourceNameAndTableName',
  method: 'GET',
  path: '/producer/getColumnsByDataSourceNameAndTableName',
  input: z.object({ dataSourceName: sqlDataSourceRule, tableName: tableNameRule }),
  output: z.array(columnSchema),
})

/*
 * The two calls that carry SQL are POST: the spec calls their input a payload, and a query of
 * up to 5000 characters does not fit a query string safely (URL length limits of servers).
 * The spec's list (part 1 §7) names them among the GETs, so the GET form is answered too, with
 * the same fields as query parameters; a URL past GET_FORM_URL_LIMIT is refused with a code
 * that says to send it as POST (src/hub/http/registerEndpoint.ts).
 */
const GET_FORM = [{ method: 'GET' }] as const
export const producerGetColumnsByDataSourceNameAndSql = defineEndpoint({
  ...base,
  id: 'datahub.producer.getColumnsByDataSourceNameAndSql',
  method: 'POST',
  path: '/producer/getColumnsByDataSourceNameAndSql',
  alsoServed: GET_FORM,
  input: sqlPayloadSchema,
  output: z.array(columnSchema),
})

export const producerPreviewSqlData = defineEndpoint({
  ...base,
  id: 'datahub.producer.previewSqlData',
  method: 'POST',
  path: '/producer/previewSqlData',
  alsoServed: GET_FORM,
  input: sqlPayloadSchema,
  output: previewSchema,
})

export const sqlToolEndpoints = {
  [producerGetColumnsByDataSourceNameAndTableName.id]: producerGetColumnsByDataSourceNameAndTableName,
  [producerGetColumnsByDataSourceNameAndSql.id]: producerGetColumnsByDataSourceNameAndSql,
  [producerPreviewSqlData.id]: producerPreviewSqlData,
} satisfies Record<string, Endpoint>
