import type { Kysely } from 'kysely'
import { behaviourEventRepository } from '../platform/behaviourEventRepository'
import { parameterRepository } from '../platform/config/parameterRepository'
import { configDb } from '../platform/config/tables'
import { isoNow } from '../store/ids'
import type { HubDatabase } from '../store/schema'
import { auditRepository } from './auditRepository'
import { systemLogRepository } from './systemLogRepository'
import { logsDb } from './tables'

/**
 * How long the operation logs are kept, in days: parameters an administrator sets in
 * 系统参数 (seeded in store/seed/parameters.ts). `audit.keepDays` for the audit log (default
 * 365), `log.keepDays` for the system log, the client error log and the behaviour events
 * (default 30). A value that is not a whole number of days keeps the default.
 */
export const AUDIT_KEEP_PARAMETER = 'audit.keepDays'
export const LOG_KEEP_PARAMETER = 'log.keepDays'
export const KEEP_DAYS_DEFAULT = { [AUDIT_KEEP_PARAMETER]: 365, [LOG_KEEP_PARAMETER]: 30 } as const

const DAY_MS = 86_400_000

async function keepDays(db: Kysely<HubDatabase>, key: keyof typeof KEEP_DAYS_DEFAULT): Promise<number> {
  const days = Number(await parameterRepository.valueOf(configDb(db), key))
  return Number.isInteger(days) && days > 0 ? days : KEEP_DAYS_DEFAULT[key]
}

/** Drops what is past its keeping time; part of the hub's retention pass (src/hub/retention.ts). */
export async function purgeOperationLogs(db: Kysely<HubDatabase>, now = Date.now()): Promise<void> {
  const audit = isoNow(now - (await keepDays(db, AUDIT_KEEP_PARAMETER)) * DAY_MS)
  const logs = isoNow(now - (await keepDays(db, LOG_KEEP_PARAMETER)) * DAY_MS)
  await auditRepository.purge(logsDb(db), audit)
  await systemLogRepository.purge(logsDb(db), logs)
  await behaviourEventRepository.purge(db, logs)
}
