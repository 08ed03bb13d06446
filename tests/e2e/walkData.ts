import { ensureApplication } from './applications'
import type { Desktop } from './harness'
import { startHttpSink } from './httpSink'
import { hubOk, setUpHttpFlow } from './hubSetUp'

/**
 * Rows for the lists the menu walk opens (menuWalk.spec.ts): an empty list hides what its rows
 * show (states, object types, delivery errors, notices). A topic whose HTTP consumer answers 503
 * (named at length, as real ones are: a picker must not grow with it) gets one message, which
 * dies there: a message log row with its last error, the flow's counts, and whatever alarms and
 * notices the hub raises for it. Beside it a data source and a user.
 */
export async function stockTheLists(desktop: Desktop): Promise<void> {
  const stamp = Date.now().toString(36)
  await ensureApplication(desktop, 'crm')
  await ensureApplication(desktop, 'erp')
  const sink = await startHttpSink(() => 503)
  try {
    const code = `walk_${stamp}`
    await setUpHttpFlow(desktop, { code, topicName: '巡检主题：每日订单与库存同步', consumerName: 'walk sink', sinkUrl: `${sink.url}/orders` })
    const pushed = await fetch(`${desktop.hub.url}/api/inner/datahub/producer/serverApi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topicCode: code, data: { orderNo: 'PO-1', amount: 1 } }),
    })
    if (!pushed.ok) throw new Error(`push refused: ${pushed.status}`)
    // The worker's one try reaches the sink: the delivery is dead from here on.
    for (let i = 0; i < 100 && sink.received.length === 0; i++) await new Promise((r) => setTimeout(r, 200))
  } finally {
    sink.close()
  }
  await hubOk(desktop, 'datahub.datasource.create', { name: `walk_${stamp}`, sourceType: '1', dbType: 'postgresql', applicationCode: 'erp', host: '127.0.0.1', port: '1', databaseName: 'x', username: 'x', timeout: '2' })
  await hubOk(desktop, 'platform.employee.create', { username: `walk${stamp}`.slice(0, 20), nickName: '巡检员', password: 'Walk#Pass12' })
}
