import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { downloadedFileSchema } from '../datahub/mappingFiles'
import { pagedSchema, pageQueryShape } from '../paging'
import { filterText } from './admin/common'

/**
 * Operation logs (issue 16; spec part 2 names "system logs" and the client error-log entry
 * type, info, err, vm, user, url, time; part 1 the behaviour push): the audit log of
 * administrators' changes, sign-ins and refusals; the hub's own warnings and errors; the client
 * errors consoles send while the parameter `error.log` is '1'; the behaviour events. Read-only
 * lists, newest first, filtered by who, what and when (`timeFrom`/`timeTo`: yyyy-MM-dd, whole
 * days of the hub's UTC clock, both included).
 */
export const AUDIT_LOG_PERMISSION = 'platform:auditLog'
export const SYS_LOG_PERMISSION = 'platform:sysLog'
export const CLIENT_ERROR_LOG_PERMISSION = 'platform:clientErrorLog'
export const BEHAVIOUR_LOG_PERMISSION = 'platform:behaviourLog'

const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'msg_field_invalid')
  .refine((v) => v === '' || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'msg_field_invalid')
  .optional()
const timeShape = { timeFrom: day, timeTo: day }

/** desktop: the call came through the desktop console's main process (it says so in X-Datahub-Client); api: anything else. */
export const AUDIT_CHANNELS = ['desktop', 'api'] as const
export const AUDIT_OUTCOMES = ['success', 'refused'] as const

export const auditEntrySchema = z.object({
  id: z.string(),
  /** The entries of one call share it. */
  callId: z.string(),
  time: z.string(),
  username: z.string(),
  address: z.string(),
  channel: z.enum(AUDIT_CHANNELS),
  /** The endpoint's id ('datahub.consumer.update'), or 'platform.login' for sign-ins. */
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  code: z.string(),
  /** The table the object lives in ('consumers', 'roles'…), or the area of a call that named none. */
  objectType: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  /** The object before and after, as JSON text (the version history's form); null: none. */
  before: z.string().nullable(),
  after: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

const auditFilterShape = {
  /** Object type, id or name contains. */
  object: filterText,
  objectType: filterText,
  username: filterText,
  action: filterText,
  outcome: z.enum(AUDIT_OUTCOMES).or(z.literal('')).optional(),
  ...timeShape,
}
export const auditFilterSchema = z.object(auditFilterShape)
export type AuditFilter = z.input<typeof auditFilterSchema>

const auditBase = { area: 'platform', access: 'session', permission: AUDIT_LOG_PERMISSION } as const

export const auditLogList = defineEndpoint({
  ...auditBase,
  id: 'platform.auditLog.list',
  method: 'GET',
  path: '/auditLog/list',
  input: z.object({ ...pageQueryShape, ...auditFilterShape }),
  output: pagedSchema(auditEntrySchema),
})

/** The most rows one export holds: the newest of what the filters match. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000

/** The entries the filters match as an .xlsx, newest first (the console saves it through the native dialog). */
export const auditLogExport = defineEndpoint({
  ...auditBase,
  id: 'platform.auditLog.export',
  method: 'GET',
  path: '/auditLog/export',
  download: true,
  input: auditFilterSchema,
  output: downloadedFileSchema,
})

export const SYS_LOG_LEVELS = ['error', 'warning'] as const
export const sysLogEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  level: z.enum(SYS_LOG_LEVELS),
  /** What part of the hub wrote it: schedule, runtime, alarms, threads, http… */
  source: z.string(),
  /** The code a failed call's caller was told, also in the hub's log output. */
  reference: z.string(),
  message: z.string(),
})
export type SysLogEntry = z.infer<typeof sysLogEntrySchema>

export const sysLogList = defineEndpoint({
  area: 'platform',
  access: 'session',
  permission: SYS_LOG_PERMISSION,
  id: 'platform.sysLog.list',
  method: 'GET',
  path: '/sysLog/list',
  input: z.object({ ...pageQueryShape, level: z.enum(SYS_LOG_LEVELS).or(z.literal('')).optional(), source: filterText, reference: filterText, keyword: filterText, ...timeShape }),
  output: pagedSchema(sysLogEntrySchema),
})

/** A pushed event as the lists show it: the spec's client error-log entry plus who sent it and when it arrived. */
export const pushedEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  info: z.string(),
  err: z.string(),
  vm: z.string(),
  user: z.string(),
  url: z.string(),
  /** The console's clock. */
  time: z.string(),
  /** The hub's clock (the lists filter and order by it). */
  receivedAt: z.string(),
})
export type PushedEvent = z.infer<typeof pushedEventSchema>

const eventFilterShape = { ...pageQueryShape, user: filterText, keyword: filterText, ...timeShape }

export const clientErrorLogList = defineEndpoint({
  area: 'platform',
  access: 'session',
  permission: CLIENT_ERROR_LOG_PERMISSION,
  id: 'platform.clientErrorLog.list',
  method: 'GET',
  path: '/clientErrorLog/list',
  input: z.object(eventFilterShape),
  output: pagedSchema(pushedEventSchema),
})

/** Behaviour events (page views, navigation clicks): `page` is the page's path or the event's info, contains. */
export const behaviourEventList = defineEndpoint({
  area: 'platform',
  access: 'session',
  permission: BEHAVIOUR_LOG_PERMISSION,
  id: 'platform.pfAcData.list',
  method: 'GET',
  path: '/pfAcData/list',
  input: z.object({ ...eventFilterShape, type: filterText, page: filterText }),
  output: pagedSchema(pushedEventSchema),
})
