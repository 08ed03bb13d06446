import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { VERSION_PERMISSION } from '../datahub/permissions'
import { pagedSchema, pageQueryShape, pageSizeDefaulting } from '../paging'

/** What a version record belongs to. */
export const VERSION_TYPES = ['topic', 'producer', 'consumer'] as const
export type VersionType = (typeof VERSION_TYPES)[number]

/**
 * A version-backtrack record (spec §3): `content` is JSON text of the record as it was saved —
 * the state after the change, so the newest record equals what the editor shows and any older
 * one can be restored as is. `remark` is 'create' or 'update' for records the hub writes on
 * save, the administrator's text for records made through /versionBacktrack/create.
 */
export const versionBacktrackSchema = z.object({
  id: z.string(),
  typeCode: z.enum(VERSION_TYPES),
  typeId: z.string(),
  content: z.string(),
  remark: z.string(),
  /** The record's version when the snapshot was taken. */
  version: z.number().int(),
  createdAt: z.string(),
  /** Username of whoever saved (for an approved change, its submitter). */
  createdBy: z.string(),
  /** Names of who approved the change, in the order they decided; null when it needed no approval. */
  approvedBy: z.string().nullable(),
})
export type VersionBacktrack = z.output<typeof versionBacktrackSchema>

const base = { area: 'platform', access: 'session', permission: VERSION_PERMISSION } as const

/** Newest first. Spec: the console asks for page 1 with 10 rows. */
export const versionBacktrackListAll = defineEndpoint({
  ...base,
  id: 'platform.versionBacktrack.listAll',
  method: 'GET',
  path: '/versionBacktrack/listAll',
  input: z.object({
    ...pageQueryShape,
    pageSize: pageSizeDefaulting(10),
    // A search form's empty select sends '': no filter.
    typeCode: z.union([z.enum(VERSION_TYPES), z.literal('')]).optional(),
    typeId: z.string().optional(),
  }),
  output: pagedSchema(versionBacktrackSchema),
})

export const versionBacktrackGet = defineEndpoint({
  ...base,
  id: 'platform.versionBacktrack.get',
  method: 'GET',
  path: '/versionBacktrack/get',
  input: z.object({ id: z.string().min(1) }),
  output: versionBacktrackSchema,
})

/**
 * A record made by hand (e.g. "before the migration"); without `content` the hub takes a
 * snapshot of the record as it is now. Saves write their own records: no need to call this.
 */
export const versionBacktrackCreate = defineEndpoint({
  ...base,
  id: 'platform.versionBacktrack.create',
  method: 'POST',
  path: '/versionBacktrack/create',
  input: z.object({
    typeCode: z.enum(VERSION_TYPES, { error: 'msg_field_required' }),
    typeId: z.string({ error: 'msg_field_required' }).min(1, 'msg_field_required'),
    content: z.string().max(1_000_000, 'msg_version_content_invalid').optional(),
    remark: z.string().max(255, 'msg_remark_length').default(''),
  }),
  output: versionBacktrackSchema,
})
