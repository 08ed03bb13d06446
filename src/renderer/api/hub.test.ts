// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { me } from '../../shared/contract/platform/session'
import { parameterListAll } from '../../shared/contract/platform/startup'
import { fail, installFakeBridge, ok } from '../test/fakeBridge'
import { callHub, setErrorDetails } from './hub'
import { onSignal, type HubSignals } from './signals'

function collect() {
  const seen: { kind: keyof HubSignals; payload: unknown }[] = []
  const offs = (['toast', 'sessionInvalid', 'licence'] as const).map((k) => onSignal(k, (p) => seen.push({ kind: k, payload: p })))
  return { seen, stop: () => offs.forEach((o) => o()) }
}

afterEach(() => {
  delete window.desktop
  setErrorDetails(false)
  vi.restoreAllMocks()
})

describe('callHub through a fake bridge', () => {
  it('sends the endpoint id and input over hub.call and returns the typed data', async () => {
    const bridge = installFakeBridge({ hub: { 'platform.parameter.listAll': ok([{ parameterKey: 'theme.color', parameterValue: '#123456' }]) } })
    const r = await callHub(parameterListAll)
    expect(bridge.hubCalls()).toEqual([{ endpoint: 'platform.parameter.listAll', input: undefined }])
    expect(r.ok && r.data[0]?.parameterValue).toBe('#123456')
  })

  it('turns a failure into an error toast with the server message, with details when error.log is on', async () => {
    installFakeBridge({ hub: { 'platform.me': fail('5000', '系统错误', { ref: 'x' }) } })
    const { seen, stop } = collect()
    setErrorDetails(true)
    const r = await callHub(me)
    stop()
    expect(r.ok).toBe(false)
    expect(seen).toEqual([{ kind: 'toast', payload: { intent: 'error', message: '系统错误', detail: { code: '5000', endpoint: 'platform.me', data: { ref: 'x' } } } }])
  })

  it('4030 signals the end of the session; quiet callers see no toast', async () => {
    installFakeBridge({ hub: { 'platform.me': fail('4030', 'expired') } })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { seen, stop } = collect()
    await callHub(me, undefined, { quiet: true })
    stop()
    expect(seen.map((s) => s.kind)).toEqual(['sessionInvalid'])
  })

  it('4001 hands the field keys back to the caller', async () => {
    installFakeBridge({ hub: { 'platform.me': fail('4001', 'invalid', { fields: [{ path: 'name', key: 'msg_name_required', message: '请输入名称' }] }) } })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const r = await callHub(me, undefined, { quiet: true })
    expect(!r.ok && r.fieldErrors).toEqual({ name: 'msg_name_required' })
  })

  it('without the desktop bridge: a hub-unreachable warning saying the bridge is missing, never a throw', async () => {
    const { seen, stop } = collect()
    const r = await callHub(me)
    stop()
    expect(r).toMatchObject({ ok: false, code: '5030' })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ kind: 'toast', payload: { intent: 'warning' } })
    expect((seen[0]!.payload as { message: string }).message).toMatch(/桌面应用/)
  })
})
