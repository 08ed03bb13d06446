import { expect, type Desktop } from './harness'

/**
 * Set-up through the hub, as the signed-in console calls it: what a test needs in place before it
 * looks at a screen. A refusal fails the test with the hub's answer.
 */
export async function hubOk<T = { id: string }>(desktop: Desktop, endpoint: string, input: unknown): Promise<T> {
  const r = await desktop.handlers['hub.call']({ endpoint, input })
  expect(r.ok, JSON.stringify(r)).toBe(true)
  return (r as { data: T }).data
}

/**
 * A running flow: a topic fed by an enabled serverApi producer (application crm) and one enabled
 * http consumer (application erp, named `consumerName`) that posts to `sinkUrl`.
 */
export async function setUpHttpFlow(desktop: Desktop, flow: { code: string; topicName: string; consumerName: string; sinkUrl: string }): Promise<void> {
  const { code, topicName, consumerName, sinkUrl } = flow
  await hubOk(desktop, 'datahub.topic.create', { code, name: topicName, status: '1' })
  const producer = await hubOk(desktop, 'datahub.producer.create', { topicCode: code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
  await hubOk(desktop, 'datahub.producer.disableOrEnable', { id: producer.id })
  const consumer = await hubOk(desktop, 'datahub.consumer.create', {
    topicCode: code,
    applicationCode: 'erp',
    applicationName: consumerName,
    dataConsumeType: 'http',
    httpRequestInfoModel: { requestUri: sinkUrl, requestMethod: 'POST', authenStatus: '0' },
  })
  await hubOk(desktop, 'datahub.consumer.status', { id: consumer.id })
}
