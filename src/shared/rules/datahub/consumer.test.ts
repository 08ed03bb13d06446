import { describe, expect, it } from 'vitest'
import { consumerFormSchema, nextConsumerStatus } from './consumer'
import { parseFieldMappings } from './mapping'
import { producerFormSchema } from './producer'
import { propertyRowRuleSchema } from './property'

const issues = (schema: typeof consumerFormSchema | typeof producerFormSchema | typeof propertyRowRuleSchema, value: object) =>
  Object.fromEntries(schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])

describe('consumer rules', () => {
  it('toggles 0 → 1, 1 → 2 and a stopped 2 → 1', () => {
    expect(['0', '1', '2'].map(nextConsumerStatus)).toEqual(['1', '2', '1'])
  })

  it('requires topic, application code and consume type', () => {
    expect(issues(consumerFormSchema, {})).toEqual({
      topicCode: 'msg_topic_required',
      applicationCode: 'msg_app_code_required',
      dataConsumeType: 'msg_consume_type_required',
    })
    expect(issues(consumerFormSchema, { topicCode: 't', applicationCode: 'a-b', dataConsumeType: 'file', applicationType: 'x_y' })).toEqual({
      applicationCode: 'msg_application_rule',
      applicationType: 'msg_application_rule',
    })
  })

  it('accepts mapping and notification lists as JSON text only', () => {
    const base = { topicCode: 't', applicationCode: 'erp', dataConsumeType: 'dblink' }
    expect(issues(consumerFormSchema, { ...base, fieldMappings: '{}', notifyInfo: 'x' })).toEqual({
      fieldMappings: 'msg_field_mappings_invalid',
      notifyInfo: 'msg_notify_info_invalid',
    })
    expect(issues(consumerFormSchema, { ...base, fieldMappings: '[{"sourceFieldName":"a","targetFieldName":"A"}]', notifyInfo: '[]' })).toEqual({})
    expect(parseFieldMappings('')).toEqual([])
    expect(parseFieldMappings('[{"sourceFieldName":" a ","targetFieldName":"A"}]')).toEqual([{ sourceFieldName: 'a', targetFieldName: 'A' }])
    expect(parseFieldMappings('[{"sourceFieldName":"","targetFieldName":"A"}]')).toBeNull()
  })
})

describe('producer rules', () => {
  it('require topic, application and mode, with the schedule defaults', () => {
    expect(issues(producerFormSchema, {})).toEqual({
      topicCode: 'msg_topic_required',
      appCode: 'msg_app_code_required',
      productionMode: 'msg_production_mode_required',
    })
    expect(producerFormSchema.parse({ topicCode: 't', appCode: 'crm', productionMode: 'excel' })).toMatchObject({ requestStrategy: '1', intervalUnit: '1', columns: '*', appType: '0' })
    expect(issues(producerFormSchema, { topicCode: 't', appCode: 'crm', productionMode: 'http', pollingInterval: '0', requestSchema: 's'.repeat(5001) })).toEqual({
      pollingInterval: 'msg_positive_integer',
      requestSchema: 'msg_schema_length',
    })
  })
})

describe('property rows', () => {
  it('need a code and a value', () => {
    expect(issues(propertyRowRuleSchema, { propsCode: ' ', propsValue: '' })).toEqual({ propsCode: 'msg_props_code_required', propsValue: 'msg_props_value_required' })
    expect(propertyRowRuleSchema.parse({ propsCode: 'k', propsValue: 'v' })).toEqual({ propsSource: 'custom', propsCode: 'k', propsValue: 'v', propsLocation: 'processor' })
  })
})
