// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { findModal } from '../../../test/dialogs'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { DeliveryMatrixDialog } from './DeliveryMatrixDialog'

afterEach(async () => {
  await resetState()
})

const message = {
  id: 'm1',
  topicCode: 'orders',
  producerId: 'p1',
  contentType: 'text/plain; charset=utf-8',
  routingKey: 'orders',
  receivedAt: new Date(2026, 10, 23, 0, 0, 10).toISOString(),
  runId: null,
  payloadKept: true,
  counts: { pending: 0, delivering: 0, delivered: 1, failed: 0, dead: 0 },
  payload: 'Grüße aus Köln',
}

describe("a message's deliveries dialog", () => {
  it("shows what an mq producer's message brought besides its body: its AMQP properties and headers", async () => {
    const properties = {
      messageId: 'ord-1',
      correlationId: 'corr-7',
      timestamp: 1_764_655_200,
      type: 'order.created',
      appId: 'erp',
      contentType: 'text/plain; charset=iso-8859-1',
      headers: { tenant: 'Köln', attempt: 3 },
    }
    installFakeBridge({ hub: { 'datahub.message.deliveries': ok({ message: { ...message, properties }, deliveries: [] }), 'datahub.consumer.listAll': ok([]) } })
    renderWithProviders(<DeliveryMatrixDialog messageId="m1" onClose={() => {}} onChanged={() => {}} />)
    const dialog = await findModal('dialog')
    await within(dialog).findByText('发布方消息编号')
    // Each fact is a term and its value (dt, dd).
    const value = (term: string) => within(dialog).getByText(term).nextElementSibling?.textContent
    expect(value('发布方消息编号')).toBe('ord-1')
    expect(value('关联编号')).toBe('corr-7')
    expect(value('发布方发送时间')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(1764655200\)$/)
    expect(value('消息类型')).toBe('order.created')
    expect(value('发布应用')).toBe('erp')
    expect(value('声明的内容类型')).toBe('text/plain; charset=iso-8859-1')
    expect(within(dialog).queryByText('声明的内容编码')).toBeNull()
    expect(within(dialog).getByLabelText('消息头').textContent).toContain('"tenant": "Köln"')
  })

  it('shows no property rows for a pushed message, which has none', async () => {
    installFakeBridge({ hub: { 'datahub.message.deliveries': ok({ message: { ...message, properties: null }, deliveries: [] }), 'datahub.consumer.listAll': ok([]) } })
    renderWithProviders(<DeliveryMatrixDialog messageId="m1" onClose={() => {}} onChanged={() => {}} />)
    const dialog = await findModal('dialog')
    await within(dialog).findByText('m1')
    expect(within(dialog).queryByText('发布方消息编号')).toBeNull()
    expect(within(dialog).queryByLabelText('消息头')).toBeNull()
    expect(screen.getAllByText('Grüße aus Köln').length).toBeGreaterThan(0)
  })
})
