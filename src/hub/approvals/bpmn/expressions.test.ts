import { describe, expect, it } from 'vitest'
import { conditionExpression, parseConditionExpression } from './expressions'

/** The condition texts the common modelers write, each read into the designer's one condition, or refused with why. */
describe('condition expressions', () => {
  it.each([
    ['${changeSize > 1}', { variable: 'changeSize', operator: 'gt', value: 1 }],
    ['#{changeSize gt 1}', { variable: 'changeSize', operator: 'gt', value: 1 }],
    ['${changeSize le 3}', { variable: 'changeSize', operator: 'le', value: 3 }],
    ['=changeSize >= 3', { variable: 'changeSize', operator: 'ge', value: 3 }],
    ['changeSize != 0', { variable: 'changeSize', operator: 'ne', value: 0 }],
    ['${3 < changeSize}', { variable: 'changeSize', operator: 'gt', value: 3 }],
    ['${(changeSize < 3)}', { variable: 'changeSize', operator: 'lt', value: 3 }],
    ["${execution.getVariable('changeSize') > 2}", { variable: 'changeSize', operator: 'gt', value: 2 }],
    ['${environment.variables.changeSize > 2}', { variable: 'changeSize', operator: 'gt', value: 2 }],
    ["${objectType == 'topic'}", { variable: 'objectType', operator: 'eq', value: 'topic' }],
    ['${objectType eq "topic"}', { variable: 'objectType', operator: 'eq', value: 'topic' }],
    ['=objectType = "topic"', { variable: 'objectType', operator: 'eq', value: 'topic' }],
    ["objectType === 'topic'", { variable: 'objectType', operator: 'eq', value: 'topic' }],
    ['${objectType === "topic" || objectType === "producer"}', { variable: 'objectType', operator: 'in', value: 'topic,producer' }],
    ["${objectType == 'topic' or objectType == 'consumer'}", { variable: 'objectType', operator: 'in', value: 'topic,consumer' }],
    ['=objectType in ("topic","consumer")', { variable: 'objectType', operator: 'in', value: 'topic,consumer' }],
    ['=contains(organisation, "HQ")', { variable: 'organisation', operator: 'contains', value: 'HQ' }],
    ["${organisation.contains('HQ')}", { variable: 'organisation', operator: 'contains', value: 'HQ' }],
    ["organisation.includes('HQ')", { variable: 'organisation', operator: 'contains', value: 'HQ' }],
    ["${organisation.indexOf('HQ') >= 0}", { variable: 'organisation', operator: 'contains', value: 'HQ' }],
    ["${organisation.indexOf('HQ') != -1}", { variable: 'organisation', operator: 'contains', value: 'HQ' }],
    ["${submitter != 'o\\'neil'}", { variable: 'submitter', operator: 'ne', value: "o'neil" }],
  ])('reads %s', (text, condition) => {
    expect(parseConditionExpression(text)).toEqual({ ok: true, condition })
  })

  it.each([
    ['${amount > 1000}', { ok: false, problem: 'variable', variable: 'amount' }],
    ['${changeSize > 1 && action == "delete"}', { ok: false, problem: 'compound' }],
    ['${changeSize > 1 || action == "delete"}', { ok: false, problem: 'compound' }],
    ['${foo(}', { ok: false, problem: 'syntax' }],
    ['${changeSize > other}', { ok: false, problem: 'syntax' }],
    ['', { ok: false, problem: 'syntax' }],
  ])('refuses %s', (text, answer) => {
    expect(parseConditionExpression(text)).toEqual(answer)
  })

  it('writes JUEL that reads back as the same condition', () => {
    expect(conditionExpression({ variable: 'changeSize', operator: 'ge', value: 2 })).toBe('${changeSize >= 2}')
    expect(conditionExpression({ variable: 'objectType', operator: 'in', value: 'topic, consumer' })).toBe("${objectType == 'topic' || objectType == 'consumer'}")
    expect(conditionExpression({ variable: 'organisation', operator: 'contains', value: "O'Neil\\" })).toBe("${organisation.indexOf('O\\'Neil\\\\') >= 0}")
    expect(parseConditionExpression(conditionExpression({ variable: 'organisation', operator: 'contains', value: "O'Neil\\" }))).toEqual({ ok: true, condition: { variable: 'organisation', operator: 'contains', value: "O'Neil\\" } })
    expect(conditionExpression({ variable: 'changeSize', operator: 'eq', value: '3' })).toBe("${changeSize == '3'}")
  })
})
