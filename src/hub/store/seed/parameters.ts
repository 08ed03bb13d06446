import type { Kysely } from 'kysely'
import { isoNow, seedId } from '../ids'
import type { HubDatabase } from '../schema'

/** The parameter keys the spec names, with their defaults. */
export const parameterSeeds: { key: string; name: string; nameEn: string; value: string }[] = [
  // Spec: the default theme class is custom-4DA1FF.
  { key: 'theme.color', name: '外观颜色', nameEn: 'Appearance colour', value: '#4DA1FF' },
  // 皮肤管理: the platform's default mode; a user's own choice overrides it.
  { key: 'theme.mode', name: '外观模式', nameEn: 'Appearance mode', value: 'system' },
  { key: 'lang.locale', name: '默认语言', nameEn: 'Default language', value: 'cn' },
  // '1' shows a detail panel under error toasts.
  { key: 'error.log', name: '错误详情', nameEn: 'Error details', value: '0' },
  // '1' shows positions as a tree; '2' makes organisation and position filters exclusive.
  { key: 'user.link.model', name: '组织岗位关联模式', nameEn: 'Organisation and position link mode', value: '1' },
  { key: 'sso', name: '单点登录', nameEn: 'Single sign-on', value: '0' },
  { key: 'appsso', name: '应用单点登录', nameEn: 'Application single sign-on', value: '0' },
  // Days the operation logs are kept (src/hub/logs/purge.ts): the audit log; the system log,
  // client error log and behaviour events.
  { key: 'audit.keepDays', name: '审计日志保留天数', nameEn: 'Audit log retention (days)', value: '365' },
  { key: 'log.keepDays', name: '系统日志保留天数', nameEn: 'System log retention (days)', value: '30' },
]

/** Adds missing parameters (never overwrites a value); returns true when anything was added. */
export async function seedParameters(db: Kysely<HubDatabase>): Promise<boolean> {
  const at = isoNow()
  const result = await db
    .insertInto('parameters')
    .values(parameterSeeds.map((p) => ({
      id: seedId('parameter', p.key),
      parameter_key: p.key,
      parameter_name: p.name,
      parameter_name_en: p.nameEn,
      parameter_value: p.value,
      app_code: 'common',
      created_at: at,
      updated_at: at,
    })))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}
