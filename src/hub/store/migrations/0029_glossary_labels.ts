import type { Kysely } from 'kysely'
import { seedId } from '../ids'

type Db = Kysely<Record<string, Record<string, string>>>

/** A seeded text as it was and as the glossary has it (docs/glossary.md), by table column. */
interface Relabel {
  table: string
  key: string
  id: string
  column: string
  was: string
  now: string
}

const menu = (key: string, zh: [string, string], en?: [string, string]): Relabel[] => [
  { table: 'menus', key: 'id', id: seedId('menu', key), column: 'menu_name_zh', was: zh[0], now: zh[1] },
  ...(en ? [{ table: 'menus', key: 'id', id: seedId('menu', key), column: 'menu_name_en', was: en[0], now: en[1] }] : []),
]
const parameter = (key: string, zh: [string, string], en: [string, string]): Relabel[] => [
  { table: 'parameters', key: 'parameter_key', id: key, column: 'parameter_name', was: zh[0], now: zh[1] },
  { table: 'parameters', key: 'parameter_key', id: key, column: 'parameter_name_en', was: en[0], now: en[1] },
]
const label = (dictType: string, value: string, was: string, now: string): Relabel => ({
  table: 'dictionary_data', key: 'id', id: seedId('dictionary_data', `${dictType}:${value}`), column: 'dict_label_cn', was, now,
})

/**
 * Copied here rather than read from the seed lists: the seed now has only the new texts, and a
 * migration must do the same thing whenever it runs.
 */
const RELABELS: Relabel[] = [
  ...menu('alert', ['预警中心', '告警中心'], ['Alert centre', 'Alarm centre']),
  ...menu('alert.job', ['预警任务', '告警任务'], ['Alert jobs', 'Alarm jobs']),
  ...menu('alert.record', ['预警记录', '告警记录'], ['Alert records', 'Incidents']),
  ...menu('dashboard.widget', ['小部件', '部件']),
  ...menu('datahub.authentication', ['API认证', 'API 认证']),
  ...parameter('theme.color', ['主题颜色', '外观颜色'], ['Theme colour', 'Appearance colour']),
  ...parameter('theme.mode', ['主题模式', '外观模式'], ['Theme mode', 'Appearance mode']),
  { table: 'dictionary_types', key: 'dict_type', id: 'pf_consumer_type', column: 'dict_name_en', was: 'Consumption mode', now: 'Consumption type' },
  label('dh_producer_production_mode', 'http', 'HTTP接口', 'HTTP 接口'),
  label('dh_producer_production_mode', 'webservice', 'WebService接口', 'WebService 接口'),
  label('dh_producer_production_mode', 'serverApiWS', '服务端WebService', '服务端 WebService'),
  label('pf_consumer_type', 'http', 'HTTP接口', 'HTTP 接口'),
  label('pf_consumer_type', 'webservice', 'WebService接口', 'WebService 接口'),
  label('pf_callback_method', '2', 'HTTP回调', 'HTTP 回调'),
  label('pf_callback_method', '3', 'WebService回调', 'WebService 回调'),
  label('sys_status', '1', '启用', '已启用'),
  label('sys_status', '0', '停用', '已停用'),
  label('sys_role_status', '0', '停用', '已停用'),
]

/**
 * One term per concept (issue 43): the seeded menus, parameters and dictionaries of a store
 * made before the glossary take its texts. Only a text still as seeded changes; one an
 * administrator edited is theirs and stays (column by column: a renamed Chinese name does not
 * keep the English one from following).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = db as unknown as Db
  for (const r of RELABELS) {
    await t.updateTable(r.table).set({ [r.column]: r.now }).where(r.key, '=', r.id).where(r.column, '=', r.was).execute()
  }
}

/** Texts are data, not schema: going back leaves them as the glossary has them. */
export async function down(): Promise<void> {}
