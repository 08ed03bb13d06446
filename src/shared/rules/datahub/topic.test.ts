import { describe, expect, it } from 'vitest'
import { topicFormSchema } from './topic'

const issues = (value: object) => Object.fromEntries(topicFormSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])

describe('topic form rules', () => {
  it('fills the spec defaults', () => {
    expect(topicFormSchema.parse({ code: 'orders', name: 'Orders' })).toEqual({
      code: 'orders', name: 'Orders', status: '1', distributeType: '1', remark: '', topicSchema: '', dataStatistics: '1',
      dataFormat: '', dataLevel: '', routeTableData: [], alarm: '', logStoreDay: 2, logDataStoreDay: 1, tags: '',
    })
  })

  it('bounds the code to 1-64 letters, digits, underscore, dot and hyphen', () => {
    expect(issues({ name: 'Orders' })).toEqual({ code: 'msg_topic_code_required' })
    expect(issues({ code: ' ', name: 'Orders' })).toEqual({ code: 'msg_topic_code_required' })
    expect(issues({ code: 'a'.repeat(65), name: 'Orders' })).toEqual({ code: 'msg_topic_code_length' })
    expect(issues({ code: 'ord ers', name: 'Orders' })).toEqual({ code: 'msg_topic_code_pattern' })
    expect(issues({ code: '订单', name: 'Orders' })).toEqual({ code: 'msg_topic_code_pattern' })
    expect(issues({ code: 'A-z_0.9', name: 'Orders' })).toEqual({})
    expect(issues({ code: 'a'.repeat(64), name: 'Orders' })).toEqual({})
  })

  it('bounds the name to 3-64 characters after trimming', () => {
    expect(issues({ code: 'c' })).toEqual({ name: 'msg_topic_name_required' })
    expect(issues({ code: 'c', name: '  ab  ' })).toEqual({ name: 'msg_topic_name_length' })
    expect(issues({ code: 'c', name: 'n'.repeat(65) })).toEqual({ name: 'msg_topic_name_length' })
    expect(issues({ code: 'c', name: '订单主' })).toEqual({})
  })

  it('requires status and distribution type, bounds remark and retention days', () => {
    expect(issues({ code: 'c', name: 'abc', status: '', distributeType: '3', remark: 'r'.repeat(256), logStoreDay: 0, logDataStoreDay: 1.5 })).toEqual({
      status: 'msg_status_required',
      distributeType: 'msg_distribute_type_required',
      remark: 'msg_remark_length',
      logStoreDay: 'msg_log_days_rule',
      logDataStoreDay: 'msg_log_days_rule',
    })
  })

  it('checks each route row', () => {
    expect(issues({ code: 'c', name: 'abc', distributeType: '2', routeTableData: [{ expression: '$.a', routingKey: 'a' }, { expression: '$.b' }] })).toEqual({
      'routeTableData.1.routingKey': 'msg_route_routing_key_required',
    })
  })
})
