// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { setErrorDetails } from '../api/hub'
import { sessionStore } from '../state/session'
import { installFakeBridge, ok } from '../test/fakeBridge'
import { resetState } from '../test/resetState'
import { installErrorCapture } from './errorCapture'
import { behaviour } from './index'

afterEach(resetState)

describe('client errors become behaviour events (fake bridge)', () => {
  it("pushes window errors and unhandled rejections as type 'error' with info, err, url and time, while error.log is 1", async () => {
    const bridge = installFakeBridge({ hub: { 'platform.pfAcData.pushData': ok(null) } })
    sessionStore.set({ status: 'signedIn' })
    setErrorDetails(true)
    const off = installErrorCapture()
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }))
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }))
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown }
    rejection.reason = new Error('nope')
    window.dispatchEvent(rejection)
    off()
    expect(behaviour.pending).toBe(2)
    await behaviour.flush()
    const pushed = bridge.hubCalls().find((c) => c.endpoint === 'platform.pfAcData.pushData')?.input as { type: string; info: string; err: string; url: string; time: string }[]
    expect(pushed.map((e) => [e.type, e.info])).toEqual([
      ['error', 'boom'],
      ['error', 'nope'],
    ])
    expect(pushed[0]!.err).toContain('Error: boom')
    expect(pushed[0]!.url).toBe(window.location.href)
    expect(pushed[0]!.time).toMatch(/^\d{4}-/)
  })

  it('sends no client errors while error.log is 0', () => {
    sessionStore.set({ status: 'signedIn' })
    const off = installErrorCapture()
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }))
    off()
    expect(behaviour.pending).toBe(0)
  })

  it('drops queued events when the session ends without a sign-out', () => {
    sessionStore.set({ status: 'signedIn' })
    behaviour.track({ type: 'pageview', info: '/a' })
    sessionStore.set({ status: 'signedOut' })
    expect(behaviour.pending).toBe(0)
  })
})
