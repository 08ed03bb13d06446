// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { decideFailure, fieldErrorsOf, LICENCE_ERROR_MESSAGE } from './errorPolicy'

const opts = { quiet: false, errorDetails: false, endpoint: 'platform.topic.list' }
const decide = (code: string, message = 'm', data?: unknown, o: Partial<typeof opts> = {}) => decideFailure({ code, message, data }, { ...opts, ...o })

describe('error policy (spec error catalogue)', () => {
  it("code other than '2000': error toast with the server message", () => {
    const d = decide('5000', '系统错误，请联系管理员')
    expect(d.toast).toEqual({ intent: 'error', message: '系统错误，请联系管理员' })
    expect(d.endSession).toBe(false)
    expect(d.openLicence).toBe(false)
  })

  it("adds the detail panel (code, endpoint, data) only when error.log is '1'", () => {
    expect(decide('4090', 'conflict', { id: 1 }).toast?.detail).toBeUndefined()
    expect(decide('4090', 'conflict', { id: 1 }, { errorDetails: true }).toast?.detail).toEqual({ code: '4090', endpoint: 'platform.topic.list', data: { id: 1 } })
  })

  it('4030: ends the session (user, permissions, menus dropped) and says why', () => {
    const d = decide('4030', '登录已失效，请重新登录')
    expect(d.endSession).toBe(true)
    expect(d.toast?.intent).toBe('warning')
  })

  it('2020 (change submitted for review): an information toast, not an error, and nothing logged', () => {
    const d = decide('2020', '“a / b”的变更已提交审批，审批通过后生效')
    expect(d.toast).toEqual({ intent: 'info', message: '“a / b”的变更已提交审批，审批通过后生效' })
    expect(d.log).toBe(false)
    expect(d.endSession).toBe(false)
  })

  it('4050: yellow warning toast', () => {
    expect(decide('4050', 'careful').toast).toEqual({ intent: 'warning', message: 'careful' })
  })

  it('5030 (hub unreachable): warning toast', () => {
    expect(decide('5030', 'no hub').toast?.intent).toBe('warning')
  })

  it('2010 and cancelled calls are silent: no toast, not even a log line', () => {
    for (const code of ['2010', '5040']) {
      const d = decide(code)
      expect(d.toast).toBeNull()
      expect(d.log).toBe(false)
      expect(d.endSession || d.openLicence).toBe(false)
    }
  })

  it("message '证书错误!' or code 4060 opens the licence page", () => {
    expect(decide('5000', LICENCE_ERROR_MESSAGE).openLicence).toBe(true)
    expect(decide('4060', 'Licence error').openLicence).toBe(true)
    expect(decide('5000', 'other').openLicence).toBe(false)
  })

  it('4001: field messages are handed to the form', () => {
    const d = decide('4001', 'invalid', { fields: [{ path: 'name', key: 'msg_name_required', message: '请输入名称' }] })
    expect(d.fieldErrors).toEqual({ name: 'msg_name_required' })
  })

  it('quiet callers get no toast but the session end and licence redirect still apply, and the failure is logged', () => {
    const d = decide('4030', 'expired', undefined, { quiet: true })
    expect(d.toast).toBeNull()
    expect(d.endSession).toBe(true)
    expect(d.log).toBe(true)
    expect(decide('4060', 'x', undefined, { quiet: true }).openLicence).toBe(true)
  })

  it('reads field issues defensively', () => {
    expect(fieldErrorsOf(null)).toBeNull()
    expect(fieldErrorsOf({ fields: 'no' })).toBeNull()
    expect(fieldErrorsOf({ fields: [{ path: 'a', message: 'text only' }, { path: 'a', key: 'second' }, { key: 'no path' }] })).toEqual({ a: 'text only' })
  })
})
