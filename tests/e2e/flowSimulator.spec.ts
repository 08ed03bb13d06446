import { test, expect, type Desktop } from './harness'
import { startHttpSink } from './httpSink'
import { hubOk } from './hubSetUp'
import { signInAsAdmin } from './signIn'

/**
 * The flow simulator (issue 18) from the topic flows: "try a message" on a routed topic shows
 * each step — the check, the pre-processing, the route rows with their keys, the consumers they
 * reach, each reached consumer's post-processing and the request it would send — and a script
 * error in place with its line. Nothing reaches the consumer's receiver.
 */
test('try a message on a routed topic and read the per-step results; nothing is delivered', async ({ desktop }) => {
  test.setTimeout(180_000)
  const { page } = desktop
  const sink = await startHttpSink()
  try {
    const sinkUrl = sink.url
    await signInAsAdmin(desktop)
    const code = `e2e_sim_${Date.now().toString(36)}`
    await setUpRoutedFlow(desktop, code, sinkUrl)
    await page.setViewportSize({ width: 1280, height: 800 })

    await desktop.open('/datahub/topic')
    const row = page.getByRole('article', { name: `消息主题 E2E 试运行主题（${code}）` })
    await row.getByRole('button', { name: '试运行消息' }).click()
    const dialog = page.getByRole('dialog', { name: '试运行消息：E2E 试运行主题' })
    await expect(dialog).toBeVisible()

    await dialog.getByLabel('样例消息').fill(JSON.stringify({ orderNo: 'PO-7', vip: true, amount: 12 }))
    await dialog.getByRole('button', { name: '运行', exact: true }).click()
    const steps = dialog.getByRole('region', { name: '试运行消息的各步骤' })
    await expect(steps).toBeVisible()

    await expect(steps.getByRole('region', { name: '格式与结构校验' })).toContainText('通过')
    const pre = steps.getByRole('region', { name: '生产者前置处理' })
    await expect(pre).toContainText('通过')
    await expect(pre.getByLabel('输出')).toContainText('"source": "e2e"')
    const routing = steps.getByRole('region', { name: '路由' })
    await expect(routing).toContainText('路由键：vip')
    const rows = routing.getByRole('table', { name: '路由' }).getByRole('row')
    await expect(rows.nth(1)).toContainText('$.vip')
    await expect(rows.nth(2)).toContainText('该表达式在这条消息中没有匹配到任何内容。')
    const reached = routing.getByRole('table', { name: '消费者' })
    await expect(reached.getByRole('row', { name: /VIP sink/ })).toContainText('到达')
    await expect(reached.getByRole('row', { name: /Bulk sink/ })).toContainText('未到达')

    const vip = steps.getByRole('group', { name: '消费者 VIP sink（http）' })
    await expect(vip.getByRole('region', { name: /后置处理$/ })).toContainText('通过')
    const delivery = vip.getByRole('region', { name: /投递（未发送）$/ })
    await expect(delivery).toContainText(`POST ${sinkUrl}/vip`)
    await expect(delivery.getByLabel('请求体')).toContainText('"order": "PO-7"')
    await expect(steps.getByRole('group', { name: /Bulk sink/ })).toHaveCount(0)

    // The title and the buttons stay inside a 1280×800 window.
    for (const name of ['返回', '运行']) {
      const box = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!
      expect(box.y + box.height, name).toBeLessThanOrEqual(800)
      expect(box.x + box.width, name).toBeLessThanOrEqual(1280)
    }

    // A message the post-processing script cannot handle: its error in place, with the line.
    await dialog.getByLabel('样例消息').fill(JSON.stringify({ vip: true }))
    await dialog.getByRole('button', { name: '运行', exact: true }).click()
    const failed = steps.getByRole('group', { name: '消费者 VIP sink（http）' }).getByRole('region', { name: /后置处理$/ })
    await expect(failed).toContainText('失败')
    await expect(failed.getByRole('alert')).toContainText('第 2 行')
    await expect(failed.getByRole('alert')).toContainText('TypeError')

    // Nothing was stored or sent.
    expect(sink.received).toEqual([])
    await dialog.getByRole('button', { name: '返回', exact: true }).click()
    await expect(dialog).toHaveCount(0)
  } finally {
    sink.close()
  }
})

async function setUpRoutedFlow(desktop: Desktop, code: string, sinkUrl: string): Promise<void> {
  const ok = (endpoint: string, input: unknown) => hubOk(desktop, endpoint, input)
  await ok('datahub.topic.create', {
    code,
    name: 'E2E 试运行主题',
    status: '1',
    dataFormat: 'json',
    distributeType: '2',
    routeTableData: [
      { syntax: 'JsonPath', expression: '$.vip', routingKey: 'vip' },
      { syntax: 'JsonPath', expression: '$.bulk', routingKey: 'bulk' },
    ],
  })
  const producer = await ok('datahub.producer.create', {
    topicCode: code,
    appCode: 'crm',
    productionMode: 'serverApi',
    apiRequestInfoModel: { apiAddr: '/producer/serverApi' },
    preProcessorEnabled: '1',
    preProcessorType: 'JavaScript',
    preProcessorExpression: 'data.source = "e2e"\nreturn data',
  })
  await ok('datahub.producer.disableOrEnable', { id: producer.id })
  const consumers = [
    {
      applicationName: 'VIP sink',
      routingKey: 'vip',
      httpRequestInfoModel: { requestUri: `${sinkUrl}/vip`, requestMethod: 'POST', authenStatus: '0' },
      postProcessorEnabled: '1',
      postProcessorType: 'JavaScript',
      postProcessorExpression: 'const no = data.orderNo\nreturn { order: no.trim(), source: data.source }',
    },
    { applicationName: 'Bulk sink', routingKey: 'bulk', httpRequestInfoModel: { requestUri: `${sinkUrl}/bulk`, requestMethod: 'POST', authenStatus: '0' } },
  ]
  for (const c of consumers) {
    const consumer = await ok('datahub.consumer.create', { topicCode: code, applicationCode: 'erp', dataConsumeType: 'http', ...c })
    await ok('datahub.consumer.status', { id: consumer.id })
  }
}
