import { z } from 'zod'
import { defineEndpoint, type Endpoint } from '../../endpoint'
import { checkDataSource, dataSourceRuleShape, datasourceStatusRule, PRIVATE_KEY_MAX } from '../../rules/datahub/dataSource'
import { pagedSchema, pageQueryShape } from '../paging'
import { authenticationEndpoints } from './authentication'
import { auditShape } from './common'
import { sqlToolEndpoints } from './sqlTools'

/** Permission code of the data-source page (the menu's code, src/hub/store/seed/menuTree.ts). */
export const DATASOURCE_PERMISSION = 'datahub:datasource'

/**
 * A data source as the hub answers it. The password never leaves the hub: `password` is always
 * empty and `passwordSet` says whether one is stored (encrypted at rest).
 */
export const dataSourceEntitySchema = z.object({
  ...auditShape,
  name: z.string(),
  sourceType: z.string(),
  dbType: z.string(),
  applicationCode: z.string(),
  applicationName: z.string(),
  host: z.string(),
  port: z.string(),
  databaseName: z.string(),
  username: z.string(),
  password: z.literal(''),
  passwordSet: z.boolean(),
  /** SFTP private key: write-only like the password. */
  privateKey: z.literal(''),
  privateKeySet: z.boolean(),
  /** SFTP: the pinned host key (SHA256:…), '' until the first connection; not a secret. */
  hostKey: z.string(),
  timeout: z.number().int(),
  batchCount: z.string(),
  timestampField: z.string(),
  tableName: z.string(),
  primaryKey: z.string(),
  remark: z.string(),
  /** '1' enabled (cannot be edited or deleted), '0' disabled. */
  status: z.string(),
})
export type DataSource = z.output<typeof dataSourceEntitySchema>

export const dataSourceInputSchema = z.object(dataSourceRuleShape).superRefine(checkDataSource)
export type DataSourceInput = z.input<typeof dataSourceInputSchema>
/** Update: changed fields beside the id and version; an empty or absent password keeps the stored one. */
export const dataSourceUpdateSchema = z.object(dataSourceRuleShape).partial().extend({ id: z.string().min(1), version: z.number().int() })
export const dataSourceRefSchema = z.object({ id: z.string().min(1), version: z.number().int().optional() })

/**
 * Connection test of the form as it is (before saving) or of a stored source (`id`): fields sent
 * lay over the stored ones; an empty password or private key uses the stored one. Only a stored
 * SFTP source pins the host key it meets first; the form's test only reports it.
 */
export const dataSourceTestSchema = z.object({
  id: z.string().optional(),
  sourceType: z.string().optional(),
  dbType: z.string().optional(),
  host: z.string().optional(),
  port: z.string().optional(),
  databaseName: z.string().optional(),
  username: z.string().optional(),
  password: z.string().max(500).optional(),
  privateKey: z.string().max(PRIVATE_KEY_MAX).optional(),
  hostKey: z.string().optional(),
  timeout: z.union([z.string(), z.number()]).optional(),
})
export const dataSourceTestResultSchema = z.object({ elapsedMs: z.number().int(), serverVersion: z.string() })

const base = { area: 'datahub', access: 'session', permission: DATASOURCE_PERMISSION } as const

export const datasourceList = defineEndpoint({
  ...base,
  id: 'datahub.datasource.list',
  method: 'GET',
  path: '/datasource/list',
  input: z.object({
    ...pageQueryShape,
    name: z.string().max(50).optional(),
    sourceType: z.string().max(2).optional(),
    dbType: z.string().max(20).optional(),
    applicationCode: z.string().max(50).optional(),
    status: z.string().max(1).optional(),
  }),
  output: pagedSchema(dataSourceEntitySchema),
})

export const datasourceGet = defineEndpoint({ ...base, id: 'datahub.datasource.get', method: 'GET', path: '/datasource/get', input: z.object({ id: z.string().min(1) }), output: dataSourceEntitySchema })

/** Enabled sources of an application and type, by name: what the producer and consumer forms offer. */
export const datasourceListByApplicationCodeAndSourceType = defineEndpoint({
  ...base,
  id: 'datahub.datasource.listByApplicationCodeAndSourceType',
  method: 'GET',
  path: '/datasource/listByApplicationCodeAndSourceType',
  input: z.object({ applicationCode: z.string().max(50).optional(), sourceType: z.string().max(2).optional() }),
  output: z.array(dataSourceEntitySchema),
})

export const datasourceCreate = defineEndpoint({ ...base, id: 'datahub.datasource.create', method: 'POST', path: '/datasource/create', input: dataSourceInputSchema, output: dataSourceEntitySchema })

/** Spec: an enabled data source cannot be edited. */
export const datasourceUpdate = defineEndpoint({ ...base, id: 'datahub.datasource.update', method: 'POST', path: '/datasource/update', input: dataSourceUpdateSchema, output: dataSourceEntitySchema })

/** Sets the status sent, or toggles it when none is sent. */
export const datasourceStatus = defineEndpoint({
  ...base,
  id: 'datahub.datasource.status',
  method: 'POST',
  path: '/datasource/status',
  input: dataSourceRefSchema.extend({ status: datasourceStatusRule.optional() }),
  output: dataSourceEntitySchema,
})

/** Spec part 2 §4: an active data source cannot be deleted without disabling it first. */
export const datasourceDelete = defineEndpoint({ ...base, id: 'datahub.datasource.delete', method: 'POST', path: '/datasource/delete', input: dataSourceRefSchema, output: z.null() })

/** A real connection, bounded by the source's timeout; failures answer '4090' with the reason. */
export const datasourceTest = defineEndpoint({ ...base, id: 'datahub.datasource.test', method: 'POST', path: '/datasource/test', input: dataSourceTestSchema, output: dataSourceTestResultSchema })

/** Data sources, API authentication and the SQL tools (spec part 1 §7). */
export const dataSourceEndpoints = {
  [datasourceList.id]: datasourceList,
  [datasourceGet.id]: datasourceGet,
  [datasourceListByApplicationCodeAndSourceType.id]: datasourceListByApplicationCodeAndSourceType,
  [datasourceCreate.id]: datasourceCreate,
  [datasourceUpdate.id]: datasourceUpdate,
  [datasourceStatus.id]: datasourceStatus,
  [datasourceDelete.id]: datasourceDelete,
  [datasourceTest.id]: datasourceTest,
  ...authenticationEndpoints,
  ...sqlToolEndpoints,
} satisfies Record<string, Endpoint>
