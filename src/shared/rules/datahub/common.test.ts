import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkProcessors, checkRetry, normaliseProcessors, normaliseRetry, processorShape, retryShape } from './common'

const schema = z.object({ ...retryShape, ...processorShape }).superRefine((v, ctx) => {
  checkRetry(v, ctx)
  checkProcessors(v, ctx)
}).transform((v) => normaliseProcessors(normaliseRetry(v)))
const issues = (value: object) => Object.fromEntries(schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])

describe('retry and processor rules', () => {
  it('default to no retry and no processors (JavaScript: a type the hub runs)', () => {
    expect(schema.parse({})).toMatchObject({ retriable: '0', retryNum: '0', retryTimeInterval: '', preProcessorEnabled: '0', preProcessorType: 'JavaScript' })
  })

  it('reset retryNum to 0 when retry is off', () => {
    expect(schema.parse({ retriable: '0', retryNum: '9', retryTimeInterval: '5' })).toMatchObject({ retryNum: '0', retryTimeInterval: '5' })
  })

  it('want positive integers of up to 11 digits, first digit 1-9, when retry is on', () => {
    expect(issues({ retriable: '1', retryNum: '', retryTimeInterval: '' })).toEqual({ retryNum: 'msg_retry_num_rule', retryTimeInterval: 'msg_retry_interval_rule' })
    expect(issues({ retriable: '1', retryNum: '0', retryTimeInterval: '-1' })).toEqual({ retryNum: 'msg_retry_num_rule', retryTimeInterval: 'msg_retry_interval_rule' })
    expect(issues({ retriable: '1', retryNum: '09', retryTimeInterval: '1e3' })).toEqual({ retryNum: 'msg_retry_num_rule', retryTimeInterval: 'msg_retry_interval_rule' })
    expect(issues({ retriable: '1', retryNum: '1', retryTimeInterval: '99999999999' })).toEqual({})
    expect(issues({ retriable: '1', retryNum: '123456789012', retryTimeInterval: '1' })).toEqual({ retryNum: 'msg_retry_num_rule' })
  })

  it('need an expression for an enabled processor and blank that of a disabled one', () => {
    expect(issues({ postProcessorEnabled: '1', postProcessorExpression: ' ' })).toEqual({ postProcessorExpression: 'msg_processor_expression_required' })
    expect(issues({ preProcessorType: 'Python' })).toEqual({ preProcessorType: 'msg_processor_type_required' })
    expect(schema.parse({ preProcessorExpression: 'kept?', postProcessorEnabled: '1', postProcessorExpression: 'x' })).toMatchObject({
      preProcessorExpression: '',
      postProcessorExpression: 'x',
    })
  })
})
