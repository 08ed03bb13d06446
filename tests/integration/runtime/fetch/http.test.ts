import { afterAll, beforeAll, expect, it } from 'vitest'
import { authenticationCreate } from '../../../../src/shared/contract/datahub/authentication'
import { FetchError } from '../../../../src/hub/runtime/fetch/fetcher'
import { createHttpFetcher } from '../../../../src/hub/runtime/fetch/http'
import { FETCHERS } from '../../../../src/hub/runtime/fetch/index'
import { formatTime, parseTime } from '../../../../src/hub/runtime/fetch/timeFormat'
import { describeEachStore, storeTargets } from '../../../support/stores'
import { openBench, type Bench } from '../../datahub/support'
import { startSink, type Sink } from '../support'
import { httpModel, ORDERS, ordersSource, paged, runFetcher, scheduledProducer, tryFetcher } from './support'

// The fetcher reads the store only for the API authentication method (one row by id); the
// store kinds are covered by the repositories' own suites, so SQLite alone here.
const targets = (await storeTargets()).filter((t) => t.name === 'sqlite')

const fetcher = FETCHERS.http!

describeEachStore(targets, 'scheduled producers: the http fetcher against a real source', (target) => {
  let b: Bench
  let source: Sink
  beforeAll(async () => {
    b = await openBench(target)
    source = await startSink()
  })
  afterAll(async () => {
    await source?.close()
    await b?.close()
  })

  it('follows pages until the total the answer states is read, records the latest task time of the data, and asks only for newer data next run', async () => {
    const orders = [...ORDERS]
    source.on('/orders', ordersSource(() => orders))
    const saved = await scheduledProducer(
      b,
      { dataFormat: 'json' },
      httpModel(`${source.url}/orders`, {
        ...paged,
        requestParam: 'since=${taskTime}',
        isRecordTaskTime: '1',
        taskTimeSourceType: '2',
        taskTimeSourceField: 'updatedAt',
        taskTimeSourceFormat: 'yyyy-MM-dd HH:mm:ss',
      }),
    )

    const first = await runFetcher(b, fetcher, saved)
    // Pages 1–3 hold 3, 3 and 1 orders, which is the answer's total: page 4 is not asked for.
    expect(source.at('/orders').map((r) => r.query.get('pageNum'))).toEqual(['1', '2', '3'])
    expect(first.batches.map((x) => x.rowsRead)).toEqual([3, 3, 1])
    expect(first.batches.at(-1)!.pagingStop).toBe('total')
    expect(first.messages).toEqual(ORDERS)
    // Before any task time is recorded, `since` is left out: the first run asks for everything.
    expect(source.at('/orders').every((r) => !r.query.has('since'))).toBe(true)
    expect(first.checkpoint).toMatchObject({ taskTime: '2026-11-22 23:59:59', page: null })

    orders.push({ id: 8, updatedAt: '2026-11-23 06:00:00' }, { id: 9, updatedAt: '2026-11-23 07:15:00' })
    const asked = source.at('/orders').length
    const second = await runFetcher(b, fetcher, saved, { checkpoint: first.checkpoint })
    const secondRequests = source.at('/orders').slice(asked)
    expect(secondRequests.map((r) => [r.query.get('since'), r.query.get('pageNum')])).toEqual([['2026-11-22 23:59:59', '1']])
    expect(second.messages).toEqual([
      { id: 8, updatedAt: '2026-11-23 06:00:00' },
      { id: 9, updatedAt: '2026-11-23 07:15:00' },
    ])
    expect(second.checkpoint).toMatchObject({ taskTime: '2026-11-23 07:15:00', page: null })

    // Nothing new: the run reads one empty page and keeps the task time it had.
    const third = await runFetcher(b, fetcher, saved, { checkpoint: second.checkpoint })
    expect(third.messages).toEqual([])
    expect(third.checkpoint).toMatchObject({ taskTime: '2026-11-23 07:15:00' })
  })

  it("dataStrategy 'all' makes each page's data list one message; 'up' one message per element", async () => {
    source.on('/all', ordersSource(() => ORDERS))
    const whole = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/all`, { ...paged, dataStrategy: 'all' }))
    const pages = await runFetcher(b, fetcher, whole)
    expect(pages.messages).toEqual([ORDERS.slice(0, 3), ORDERS.slice(3, 6), ORDERS.slice(6)])
    expect(pages.batches.map((x) => x.rowsRead)).toEqual([3, 3, 1])

    // Without pagination the answer is the data: 'up' splits a list answer into its elements…
    source.on('/list', { body: JSON.stringify(ORDERS.slice(0, 2)) })
    const each = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/list`, { dataStrategy: 'up' }))
    expect((await runFetcher(b, fetcher, each)).messages).toEqual(ORDERS.slice(0, 2))
    // …and 'all' keeps it one message, as does 'up' for an answer that is no list.
    const one = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/list`, { dataStrategy: 'all' }))
    expect((await runFetcher(b, fetcher, one)).messages).toEqual([ORDERS.slice(0, 2)])
    source.on('/object', { body: JSON.stringify({ code: 0, data: { total: 2 } }) })
    const object = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/object`, { dataStrategy: 'up' }))
    expect((await runFetcher(b, fetcher, object)).messages).toEqual([{ code: 0, data: { total: 2 } }])
  })

  it('records the run time in the task-time format and sends it as the taskTime parameter on the next run', async () => {
    source.on('/since', { body: '[]' })
    const saved = await scheduledProducer(
      b,
      { dataFormat: 'json' },
      httpModel(`${source.url}/since`, { isRecordTaskTime: '1', taskTimeSourceType: '1', taskTimeSourceFormat: 'yyyy-MM-dd HH:mm' }),
    )
    // Minutes: the run's time lies between these two, written to the minute.
    const before = parseTime(formatTime(new Date(), 'yyyy-MM-dd HH:mm'), 'yyyy-MM-dd HH:mm')!
    const first = await runFetcher(b, fetcher, saved)
    const after = Date.now()
    expect(source.at('/since')[0]!.query.has('taskTime')).toBe(false)
    const recorded = String(first.checkpoint?.taskTime)
    expect(recorded).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    const at = parseTime(recorded, 'yyyy-MM-dd HH:mm')!
    expect(at).toBeGreaterThanOrEqual(before)
    expect(at).toBeLessThanOrEqual(after)

    await runFetcher(b, fetcher, saved, { checkpoint: first.checkpoint })
    expect(source.at('/since')[1]!.query.get('taskTime')).toBe(recorded)
    // Recording switched off: no task time is sent even with one stored.
    const off = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/since`))
    await runFetcher(b, fetcher, off, { checkpoint: first.checkpoint })
    expect(source.at('/since')[2]!.query.has('taskTime')).toBe(false)
  })

  it("sends the API editor's request: method, checked params and headers, a raw body with the placeholders, the API authentication's token", async () => {
    const method = await b.ok<{ id: string }>(authenticationCreate, { appCode: 'crm', authenName: 'source-key', authenType: '1', tokenKey: 'X-Api-Token', tokenValue: 's3cret-token' })
    source.on('/search', (_count, request) => {
      const asked = JSON.parse(request.body) as { page: number }
      return { body: JSON.stringify({ result: { list: asked.page <= 2 ? [{ page: asked.page, at: '2026-11-24T08:00:00.000Z' }] : [] } }) }
    })
    const saved = await scheduledProducer(
      b,
      { dataFormat: 'json' },
      httpModel(
        `${source.url}/search`,
        { isPagination: '1', paginationParam: 'page', paginationLevel: 2, isRecordTaskTime: '1', taskTimeSourceType: '2', taskTimeSourceField: 'at', authenStatus: '1', authenId: method.id },
        {
          method: 'POST',
          params: [
            { key: 'region', value: 'north', checked: true },
            { key: 'debug', value: '1', checked: false },
          ],
          headers: [{ key: 'X-Client', value: 'datahub', checked: true }],
          authorization: { display: '1', appCode: 'crm', selectedAuth: method.id },
          body: { type: 'raw', raw: { rawType: 'JSON', content: '{"since":"${taskTime}","page":${pageNum}}' } },
        },
      ),
    )
    const first = await runFetcher(b, fetcher, saved, { checkpoint: { taskTime: '2026-11-01T00:00:00.000Z', page: null, runTaskTime: null } })
    const requests = source.at('/search')
    expect(requests.map((r) => JSON.parse(r.body))).toEqual([1, 2, 3].map((page) => ({ since: '2026-11-01T00:00:00.000Z', page })))
    for (const r of requests) {
      expect(r.method).toBe('POST')
      expect(r.headers['x-api-token']).toBe('s3cret-token')
      expect(r.headers['x-client']).toBe('datahub')
      expect(r.headers['content-type']).toContain('application/json')
      // The page number went into the body, where the request asked for it; no query parameter besides the checked one.
      expect([...r.query.entries()]).toEqual([['region', 'north']])
    }
    expect(first.messages).toEqual([
      { page: 1, at: '2026-11-24T08:00:00.000Z' },
      { page: 2, at: '2026-11-24T08:00:00.000Z' },
    ])
    expect(first.checkpoint).toMatchObject({ taskTime: '2026-11-24T08:00:00.000Z' })
  })

  it('a parsed-token authentication fetches its token from the token API, keeps it for its validity, and a refusing token API fails the run', async () => {
    const parsed = (name: string, path: string) =>
      b.ok<{ id: string }>(authenticationCreate, {
        appCode: 'crm',
        authenName: name,
        authenType: '2',
        tokenKey: 'Authorization',
        tokenUrl: `${source.url}${path}`,
        tokenMethod: 'POST',
        tokenParams: '{"appKey":"crm","appSecret":"app-s3cret"}',
        tokenStatusCode: '0',
        tokenParseLevel: '$.data.token',
        tokenValidity: '600',
      })
    source.on('/token', (count, request) => {
      const asked = JSON.parse(request.body) as { appSecret?: string }
      return { body: JSON.stringify(asked.appSecret === 'app-s3cret' ? { code: 0, data: { token: `tk-${count}` } } : { code: 401, message: 'bad secret' }) }
    })
    source.on('/token-refused', { body: JSON.stringify({ code: 401, message: 'app-s3cret is wrong' }) })
    source.on('/guarded', (_count, request) => (request.headers.authorization === 'tk-1' ? { body: '[{"ok":true}]' } : 401))
    const method = await parsed('token-api', '/token')
    const model = httpModel(`${source.url}/guarded`, { authenStatus: '1', authenId: method.id }, { authorization: { display: '1', appCode: 'crm', selectedAuth: method.id } })
    const saved = await scheduledProducer(b, { dataFormat: 'json' }, model)
    expect((await runFetcher(b, fetcher, saved)).messages).toEqual([{ ok: true }])
    expect((await runFetcher(b, fetcher, saved)).messages).toEqual([{ ok: true }])
    // One token API call for both runs: the token is kept for its validity.
    expect(source.at('/token')).toHaveLength(1)
    expect(source.at('/token')[0]!.headers['content-type']).toContain('application/json')

    const refusing = await parsed('token-api-refusing', '/token-refused')
    const refused = await scheduledProducer(
      b,
      { dataFormat: 'json' },
      httpModel(`${source.url}/guarded`, { authenStatus: '1', authenId: refusing.id }, { authorization: { display: '1', appCode: 'crm', selectedAuth: refusing.id } }),
    )
    const failed = await tryFetcher(b, fetcher, refused)
    expect(failed.error).toBeInstanceOf(FetchError)
    expect(failed.error!.message).toBe(`the token API of authentication 'token-api-refusing' (${source.url}) answered HTTP 200 with code 401, not the success code 0`)
    expect(failed.error!.message).not.toContain('s3cret')
  })

  it('a refusing source fails the run with its status and no secret; the next run goes on with the page that failed', async () => {
    await b.ok(authenticationCreate, { appCode: 'crm', authenName: 'flaky-key', authenType: '1', tokenKey: 'X-Api-Token', tokenValue: 'flaky-s3cret' })
    let failing = true
    source.on('/flaky', (count, request) => {
      const page = Number(request.query.get('pageNum'))
      if (page === 2 && failing) return { status: 500, body: 'order store is offline', contentType: 'text/plain' }
      return { body: JSON.stringify({ data: { rows: page <= 3 ? [{ page, count }] : [] } }) }
    })
    const saved = await scheduledProducer(
      b,
      { dataFormat: 'json' },
      httpModel(`${source.url}/flaky`, { ...paged, requestParam: 'key=${taskTime}', isRecordTaskTime: '1', taskTimeSourceType: '1' }),
    )
    const broken = await tryFetcher(b, fetcher, saved, { checkpoint: { taskTime: 'token-like-value', page: null, runTaskTime: null } })
    expect(broken.error).toBeInstanceOf(FetchError)
    expect(broken.error!.message).toBe(`page 2 of the source: GET ${source.url}/flaky answered HTTP 500: order store is offline`)
    expect(broken.error!.message).not.toContain('token-like-value')
    expect(broken.messages).toEqual([{ page: 1, count: 1 }])
    // The committed checkpoint says where to go on; the task time is not moved by a run that did not finish.
    expect(broken.checkpoint).toMatchObject({ taskTime: 'token-like-value', page: 2 })

    failing = false
    const asked = source.at('/flaky').length
    const resumed = await runFetcher(b, fetcher, saved, { checkpoint: broken.checkpoint })
    expect(source.at('/flaky').slice(asked).map((r) => [r.query.get('pageNum'), r.query.get('key')])).toEqual([
      ['2', 'token-like-value'],
      ['3', 'token-like-value'],
      ['4', 'token-like-value'],
    ])
    expect(resumed.messages.map((m) => (m as { page: number }).page)).toEqual([2, 3])
    // Finished: the run time taken when the failed run started is the new task time.
    expect(resumed.checkpoint).toMatchObject({ taskTime: broken.checkpoint!.runTaskTime, page: null })
    expect(String(resumed.checkpoint!.taskTime)).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('a source that does not answer in time, one that never ends, and one that answers no JSON fail the run saying so', async () => {
    let release: () => void = () => {}
    const held = new Promise<number>((done) => (release = () => done(200)))
    source.on('/slow', () => held)
    const slow = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/slow`))
    try {
      const late = await tryFetcher(b, createHttpFetcher({ timeoutMs: 200 }), slow)
      expect(late.error).toBeInstanceOf(FetchError)
      expect(late.error!.message).toBe(`no answer from ${source.url} in time`)
    } finally {
      release()
    }

    source.on('/endless', (count) => ({ body: JSON.stringify({ data: { rows: [{ count }] } }) }))
    const endless = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/endless`, paged))
    const capped = await tryFetcher(b, createHttpFetcher({ maxPages: 5 }), endless)
    expect(capped.batches).toHaveLength(5)
    expect(capped.error).toBeInstanceOf(FetchError)
    expect(capped.error!.message).toContain("still answered data after 5 pages in one run; it never answers a last page (empty, short, repeated, or marked by next/hasMore, a page count or a total), or 'pageNum' is not the parameter it pages by")

    source.on('/html', { body: '<html>maintenance</html>', contentType: 'text/html' })
    const html = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/html`))
    expect((await tryFetcher(b, fetcher, html)).error?.message).toBe('the source answered something that is not JSON: <html>maintenance</html>')
  })

  it('an xml topic takes the answer as one XML message; its task time can only be the run time', async () => {
    const xml = '<?xml version="1.0"?><orders><order id="1"/><order id="2"/></orders>'
    source.on('/xml', { body: xml, contentType: 'application/xml' })
    const saved = await scheduledProducer(b, { dataFormat: 'xml' }, httpModel(`${source.url}/xml`))
    expect((await runFetcher(b, fetcher, saved)).messages).toEqual([xml])
    expect(source.at('/xml')[0]!.headers.accept).toContain('application/xml')

    const asked = source.at('/xml').length
    const byField = await scheduledProducer(b, { dataFormat: 'xml' }, httpModel(`${source.url}/xml`, { isRecordTaskTime: '1', taskTimeSourceType: '2', taskTimeSourceField: 'updatedAt' }))
    expect((await tryFetcher(b, fetcher, byField)).error?.message).toBe('the task time can be read from a data field of JSON answers only; this topic is xml (record the run time instead)')
    expect(source.at('/xml')).toHaveLength(asked)
  })

  it('stops when the run is stopped: no further page is asked for', async () => {
    const stop = new AbortController()
    source.on('/stopping', (count) => {
      if (count === 2) stop.abort()
      return { body: JSON.stringify({ data: { rows: [{ count }] } }) }
    })
    const saved = await scheduledProducer(b, { dataFormat: 'json' }, httpModel(`${source.url}/stopping`, paged))
    const stopped = await tryFetcher(b, fetcher, saved, { signal: stop.signal })
    expect(stopped.error).toBeNull()
    expect(source.at('/stopping')).toHaveLength(2)
    expect(stopped.checkpoint).toMatchObject({ page: 2 })
  })
})
