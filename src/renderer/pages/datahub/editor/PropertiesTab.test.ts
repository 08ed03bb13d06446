import { describe, expect, it } from 'vitest'
import { parseAlarm, serialiseAlarm } from '../../../components/alarm/alarmConfig'
import { propertyInput } from './propertyInput'

describe('builtin property inputs (propsValForm)', () => {
  it('reads a value list, a dictionary reference, or falls back to a text input', () => {
    expect(propertyInput('{"type":"select","values":["UTF-8","GBK"]}')).toEqual({ kind: 'values', options: [{ value: 'UTF-8', label: 'UTF-8' }, { value: 'GBK', label: 'GBK' }] })
    expect(propertyInput('{"type":"select","values":[{"value":"1","label":"是"}]}')).toEqual({ kind: 'values', options: [{ value: '1', label: '是' }] })
    expect(propertyInput('{"type":"select","dictType":"sys_yes_no"}')).toEqual({ kind: 'dictionary', dictType: 'sys_yes_no' })
    expect(propertyInput('{"type":"input"}')).toEqual({ kind: 'input' })
    expect(propertyInput('not json')).toEqual({ kind: 'input' })
    expect(propertyInput(undefined)).toEqual({ kind: 'input' })
  })
})

describe('alarm configuration', () => {
  it('lists the four channels with their spec values and keeps the callback settings', () => {
    const config = parseAlarm('{"objData":[{"type":"email","status":"1","value":"1","receiver":"ops@example.com"}],"callbackData":{"callbackStatus":"1","callbackRule":"2"}}')
    expect(config.objData.map((e) => [e.type, e.value, e.status])).toEqual([['email', '1', '1'], ['mobile', '2', '0'], ['dingding', '3', '0'], ['http', '5', '0']])
    expect(JSON.parse(serialiseAlarm(config)).callbackData).toEqual({ callbackStatus: '1', callbackRule: '2' })
    expect(parseAlarm('').objData).toHaveLength(4)
    expect(parseAlarm('[1]').objData.every((e) => e.status === '0')).toBe(true)
  })
})
