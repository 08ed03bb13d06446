import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { openLoopbackCallback, type LoopbackCallback, type WaitOptions } from './loopbackCallback'

// Real HTTP on 127.0.0.1: the listener as the system browser meets it.

const opened: LoopbackCallback[] = []
afterEach(() => opened.splice(0).forEach((l) => l.close()))

async function listener(): Promise<LoopbackCallback> {
  const l = await openLoopbackCallback()
  opened.push(l)
  return l
}

const options = (extra: Partial<WaitOptions> = {}): WaitOptions => ({
  state: 'the-state',
  timeoutMs: 60_000,
  refusedPage: (why) => `<p>refused: ${why.kind}</p>`,
  ...extra,
})

/** Whether something still accepts connections on the port. */
function portOpen(uri: string): Promise<boolean> {
  const { port } = new URL(uri)
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/** The browser's request: status and page, or the network error. */
const browse = (url: string) =>
  fetch(url).then(
    async (r) => ({ status: r.status, body: await r.text(), headers: r.headers }),
    (err: unknown) => ({ status: 0, body: String(err), headers: new Headers() }),
  )

describe('loopback callback listener (RFC 8252 §7.3, real HTTP)', () => {
  it('listens on 127.0.0.1 at a random port, at /callback', async () => {
    const l = await listener()
    expect(l.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(new URL(l.redirectUri).port).not.toBe('0')
    expect(await portOpen(l.redirectUri)).toBe(true)
  })

  it('takes the code that comes with the right state, keeps the page open until the sign-in ends, then closes the port', async () => {
    const l = await listener()
    const waiting = l.wait(options())
    const page = browse(`${l.redirectUri}?code=abc123&state=the-state`)
    const arrival = await waiting
    expect(arrival).toMatchObject({ kind: 'code', code: 'abc123' })
    // The port is closed as soon as the one request came.
    expect(await portOpen(l.redirectUri)).toBe(false)
    if (arrival.kind !== 'code') throw new Error('no code')
    arrival.finish({ ok: true, html: '<p>you can close this tab</p>' })
    const answer = await page
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('<p>you can close this tab</p>')
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses a callback whose state is not the expected one: the code is not handed on, the browser is told, the port closes', async () => {
    const l = await listener()
    const waiting = l.wait(options())
    const answer = await browse(`${l.redirectUri}?code=stolen&state=another-state`)
    expect(await waiting).toEqual({ kind: 'stateMismatch' })
    expect(answer.status).toBe(400)
    expect(answer.body).toBe('<p>refused: stateMismatch</p>')
    expect(await portOpen(l.redirectUri)).toBe(false)
  })

  it('refuses a callback without any state', async () => {
    const l = await listener()
    const waiting = l.wait(options())
    expect((await browse(`${l.redirectUri}?code=abc`)).status).toBe(400)
    expect(await waiting).toEqual({ kind: 'stateMismatch' })
  })

  it('refuses a second request: after the first callback nothing answers on the port', async () => {
    const l = await listener()
    const waiting = l.wait(options())
    const first = browse(`${l.redirectUri}?code=first&state=the-state`)
    const arrival = await waiting
    const second = await browse(`${l.redirectUri}?code=second&state=the-state`)
    expect(second.status).toBe(0)
    expect(arrival).toMatchObject({ kind: 'code', code: 'first' })
    if (arrival.kind === 'code') arrival.finish({ ok: true, html: 'done' })
    expect((await first).status).toBe(200)
    expect((await browse(`${l.redirectUri}?code=third&state=the-state`)).status).toBe(0)
  })

  it('answers 404 to other paths and methods without ending the wait', async () => {
    const l = await listener()
    const waiting = l.wait(options())
    expect((await browse(`${new URL(l.redirectUri).origin}/favicon.ico`)).status).toBe(404)
    expect((await fetch(`${l.redirectUri}?code=x&state=the-state`, { method: 'POST' })).status).toBe(404)
    expect(await portOpen(l.redirectUri)).toBe(true)
    const page = browse(`${l.redirectUri}?code=real&state=the-state`)
    const arrival = await waiting
    expect(arrival).toMatchObject({ kind: 'code', code: 'real' })
    if (arrival.kind === 'code') arrival.finish({ ok: false, html: 'sign-in failed' })
    expect(await page).toMatchObject({ status: 400, body: 'sign-in failed' })
  })

  it('reports an error the provider sent, and says so to the browser', async () => {
    const l = await listener()
    const waiting = l.wait(options())
    const answer = await browse(`${l.redirectUri}?error=access_denied&state=the-state`)
    expect(await waiting).toEqual({ kind: 'providerError', error: 'access_denied' })
    expect(answer).toMatchObject({ status: 400, body: '<p>refused: providerError</p>' })
  })

  it('takes a CAS ticket with the service it was issued for: the callback URL, query as received, minus the ticket', async () => {
    const l = await listener()
    const waiting = l.wait(options({ state: 'st/a+te=' }))
    const service = `${l.redirectUri}?state=${encodeURIComponent('st/a+te=')}`
    const page = browse(`${service}&ticket=ST-1-abc`)
    const arrival = await waiting
    expect(arrival).toMatchObject({ kind: 'ticket', ticket: 'ST-1-abc', service })
    if (arrival.kind === 'ticket') arrival.finish({ ok: true, html: 'ok' })
    expect((await page).status).toBe(200)
  })

  it('times out: the wait ends and the port is closed', async () => {
    const l = await listener()
    expect(await l.wait(options({ timeoutMs: 50 }))).toEqual({ kind: 'timeout' })
    expect(await portOpen(l.redirectUri)).toBe(false)
  })

  it('is cancelled by its abort signal: the wait ends and the port is closed', async () => {
    const l = await listener()
    const controller = new AbortController()
    const waiting = l.wait(options({ signal: controller.signal }))
    expect(await portOpen(l.redirectUri)).toBe(true)
    controller.abort()
    expect(await waiting).toEqual({ kind: 'cancelled' })
    expect(await portOpen(l.redirectUri)).toBe(false)
  })

  it('closing while a wait is in progress ends it as cancelled, and a request still waiting for its page is answered', async () => {
    const l = await listener()
    const idle = await listener()
    const waitingIdle = idle.wait(options())
    idle.close()
    expect(await waitingIdle).toEqual({ kind: 'cancelled' })

    const waiting = l.wait(options())
    const page = browse(`${l.redirectUri}?code=abc&state=the-state`)
    await waiting
    l.close()
    expect((await page).status).toBe(503)
  })
})
