import { describe, expect, it } from 'vitest'
import { camelToSnake, fieldNamesMatch, firstMatch, snakeToCamel } from './smartMatch'

describe('smart mapping: field name matching', () => {
  it('converts between underscore and camel case', () => {
    expect(snakeToCamel('user_name')).toBe('userName')
    expect(snakeToCamel('order_line_no')).toBe('orderLineNo')
    expect(snakeToCamel('id')).toBe('id')
    expect(camelToSnake('userName')).toBe('user_name')
    expect(camelToSnake('orderLineNo')).toBe('order_line_no')
    expect(camelToSnake('HTTPCode')).toBe('http_code')
    expect(camelToSnake('id')).toBe('id')
  })

  it('matches case-insensitively', () => {
    expect(fieldNamesMatch('NAME', 'name')).toBe(true)
    expect(fieldNamesMatch('Amount', 'aMOUNT')).toBe(true)
  })

  it('matches underscore names with their camel-case form, both ways round', () => {
    expect(fieldNamesMatch('user_name', 'userName')).toBe(true)
    expect(fieldNamesMatch('userName', 'user_name')).toBe(true)
    // Database columns in upper case against payload fields in camel case.
    expect(fieldNamesMatch('USER_NAME', 'userName')).toBe(true)
    expect(fieldNamesMatch('createdAt', 'CREATED_AT')).toBe(true)
  })

  it('does not match different names, empty names or partial names', () => {
    expect(fieldNamesMatch('user_id', 'userName')).toBe(false)
    expect(fieldNamesMatch('name', 'names')).toBe(false)
    expect(fieldNamesMatch('order_no', 'orderNumber')).toBe(false)
    expect(fieldNamesMatch('', '')).toBe(false)
    expect(fieldNamesMatch(' ', 'a')).toBe(false)
  })

  it('trims names before comparing', () => {
    expect(fieldNamesMatch(' user_name ', 'userName')).toBe(true)
  })

  it('auto-select picks the first matching candidate', () => {
    expect(firstMatch('user_name', ['id', 'USERNAME', 'userName'])).toBe('USERNAME')
    expect(firstMatch('createdAt', ['id', 'created_at'])).toBe('created_at')
    expect(firstMatch('x', ['id', 'created_at'])).toBeUndefined()
  })
})
