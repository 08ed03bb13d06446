import type { Kysely } from 'kysely'
import { isoNow, seedId } from '../ids'
import type { HubDatabase } from '../schema'

interface DictionarySeed {
  dictType: string
  name: string
  /** The name in English, shown when the console is in English (0013_seed_english). */
  nameEn: string
  /** [value, Chinese label, English label] */
  values: [string, string, string][]
}

const processorTypes: DictionarySeed['values'] = [
  ['JsonPath', 'JsonPath', 'JsonPath'],
  ['XPath', 'XPath', 'XPath'],
  ['JavaScript', 'JavaScript', 'JavaScript'],
  ['Bean', 'Bean', 'Bean'],
  ['Java', 'Java', 'Java'],
]

/**
 * The dictionaries of spec part 1 §9 and part 2 (sys_role_status). Values the spec states are
 * used verbatim; where it names a dictionary without its values, the choice is marked "chosen".
 */
export const dictionarySeeds: DictionarySeed[] = [
  {
    dictType: 'dh_producer_production_mode',
    name: '生产方式', nameEn: 'Production mode',
    values: [
      ['http', 'HTTP 接口', 'HTTP'],
      ['webservice', 'WebService 接口', 'WebService'],
      ['serverApi', '服务端接口', 'Server API'],
      ['serverApiWS', '服务端 WebService', 'Server WebService'],
      ['dblink', '数据库', 'Database link'],
      ['excel', 'Excel', 'Excel'],
      ['ldap', 'LDAP', 'LDAP'],
      ['mq', '消息队列', 'Message queue'],
      ['bigdata', '大数据', 'Big data'],
    ],
  },
  {
    // Chosen: the producer detail shows an alarm status; a check either warns or does not.
    dictType: 'dh_system_check_warning',
    name: '系统检查告警', nameEn: 'System check alarm',
    values: [
      ['1', '告警', 'Warn'],
      ['0', '不告警', 'Do not warn'],
    ],
  },
  {
    dictType: 'dh_distribute_type',
    name: '分发方式', nameEn: 'Distribution',
    values: [
      ['1', '广播给全部消费者', 'Broadcast to all consumers'],
      ['2', '按路由键分发', 'Route by key'],
    ],
  },
  {
    dictType: 'pf_consumer_type',
    name: '消费方式', nameEn: 'Consumption type',
    values: [
      ['http', 'HTTP 接口', 'HTTP'],
      ['webservice', 'WebService 接口', 'WebService'],
      ['serverApi', '服务端接口', 'Server API'],
      ['dblink', '数据库', 'Database link'],
      ['excel', 'Excel', 'Excel'],
      ['file', '文件', 'File'],
      ['mq', '消息队列', 'Message queue'],
      ['bigdata', '大数据', 'Big data'],
    ],
  },
  {
    dictType: 'pf_application_type',
    name: '应用类型', nameEn: 'Application type',
    values: [
      ['0', '内部应用', 'Internal application'],
      ['1', '外部应用', 'External application'],
    ],
  },
  {
    // Chosen: a file consumer names files by prefix plus one of these (fileNamePrefix exists).
    dictType: 'dh_file_name_rule',
    name: '文件命名规则', nameEn: 'File naming rule',
    values: [
      ['1', '前缀+时间戳', 'Prefix + timestamp'],
      ['2', '前缀+日期+序号', 'Prefix + date + sequence'],
      ['3', '前缀+UUID', 'Prefix + UUID'],
    ],
  },
  {
    dictType: 'pf_callback_method',
    name: '回调方式', nameEn: 'Callback method',
    values: [
      ['1', '不回调', 'No callback'],
      ['2', 'HTTP 回调', 'HTTP callback'],
      ['3', 'WebService 回调', 'Web-service callback'],
    ],
  },
  {
    dictType: 'dh_data_exchange_result_notify_type',
    name: '交换结果通知方式', nameEn: 'Exchange result notification',
    values: [
      ['db', '数据库', 'Database'],
      ['http', 'HTTP', 'HTTP'],
      ['email', '邮件', 'Email'],
    ],
  },
  {
    // Chosen: a column (primaryKeyStatus) is a primary key or it is not.
    dictType: 'dh_primary_key_status',
    name: '主键状态', nameEn: 'Primary key status',
    values: [
      ['1', '主键', 'Primary key'],
      ['0', '非主键', 'Not a key'],
    ],
  },
  {
    dictType: 'sys_status',
    name: '状态', nameEn: 'Status',
    values: [
      ['1', '已启用', 'Enabled'],
      ['0', '已停用', 'Disabled'],
    ],
  },
  {
    dictType: 'sys_yes_no',
    name: '是否', nameEn: 'Yes / no',
    values: [
      ['1', '是', 'Yes'],
      ['0', '否', 'No'],
    ],
  },
  {
    // Chosen: part 2 lists normal/abnormal among the general statuses.
    dictType: 'sys_role_status',
    name: '角色状态', nameEn: 'Role status',
    values: [
      ['1', '正常', 'Normal'],
      ['0', '已停用', 'Disabled'],
    ],
  },
  {
    dictType: 'pf_request_strategy',
    name: '请求策略', nameEn: 'Request strategy',
    values: [
      ['1', '定时', 'Timetable'],
      ['2', '轮询', 'Polling'],
    ],
  },
  { dictType: 'dh_pre_processor_type', name: '前置处理器类型', nameEn: 'Pre-processor type', values: processorTypes },
  { dictType: 'dh_post_processor_type', name: '后置处理器类型', nameEn: 'Post-processor type', values: processorTypes },
  {
    // Spec: taskTimeSourceType 2 means a field of the data is used; 1 is then the run time.
    dictType: 'dh_task_time_source',
    name: '任务时间来源', nameEn: 'Task time source',
    values: [
      ['1', '任务执行时间', 'Task run time'],
      ['2', '数据字段', 'Data field'],
    ],
  },
  {
    // Spec: polling units minute, hour, day, week; default intervalUnit 1, so numbered from 1.
    dictType: 'pf_producer_interval_units',
    name: '轮询间隔单位', nameEn: 'Polling interval unit',
    values: [
      ['1', '分钟', 'Minute'],
      ['2', '小时', 'Hour'],
      ['3', '天', 'Day'],
      ['4', '周', 'Week'],
    ],
  },
  // Chosen (platform administration): the spec labels employee type, gender and organisation
  // type without values; internal/partner follow its staff percentages (65.0 / 35.0).
  {
    dictType: 'pf_employee_type',
    name: '员工类型', nameEn: 'Employee type',
    values: [
      ['1', '内部员工', 'Internal staff'],
      ['2', '合作伙伴', 'Partner staff'],
    ],
  },
  {
    dictType: 'sys_user_sex',
    name: '性别', nameEn: 'Sex',
    values: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['0', '未知', 'Unknown'],
    ],
  },
  {
    // '3' marks a project: GET /project/listTree lists these.
    dictType: 'pf_org_type',
    name: '组织类型', nameEn: 'Organisation type',
    values: [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '项目', 'Project'],
    ],
  },
]

/** Adds missing dictionary types and entries; returns true when anything was added. */
export async function seedDictionaries(db: Kysely<HubDatabase>): Promise<boolean> {
  const at = isoNow()
  const types = await db
    .insertInto('dictionary_types')
    .values(dictionarySeeds.map((d) => ({
      id: seedId('dictionary_type', d.dictType),
      dict_type: d.dictType,
      dict_name: d.name,
      dict_name_en: d.nameEn,
      remark: null,
      status: '1',
      created_at: at,
      updated_at: at,
    })))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  const entries = await db
    .insertInto('dictionary_data')
    .values(dictionarySeeds.flatMap((d) => d.values.map(([value, cn, en], index) => ({
      id: seedId('dictionary_data', `${d.dictType}:${value}`),
      dict_type: d.dictType,
      dict_value: value,
      dict_label_cn: cn,
      dict_label_en: en,
      sort: index + 1,
      status: '1',
      remark: null,
      created_at: at,
      updated_at: at,
    }))))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  return Number(types.numInsertedOrUpdatedRows ?? 0) + Number(entries.numInsertedOrUpdatedRows ?? 0) > 0
}
