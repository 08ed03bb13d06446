// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AUDIT_LOG_PERMISSION, type AuditEntry } from '../../../../shared/contract/platform/logs'
import { sessionStore } from '../../../state/session'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderRegistryPage } from '../../../test/render'
import { resetState } from '../../../test/resetState'

afterEach(resetState)

const H = { hidden: true } as const
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

const entry: AuditEntry = {
  id: 'a1',
  callId: 'c1',
  time: '2026-01-02T08:00:00.000Z',
  username: 'admin',
  address: '10.0.0.7',
  channel: 'desktop',
  action: 'datahub.consumer.update',
  outcome: 'success',
  code: '2000',
  objectType: 'consumers',
  objectId: 'k1',
  objectName: 'wms',
  before: JSON.stringify({ id: 'k1', remark: 'old', version: 1 }),
  after: JSON.stringify({ id: 'k1', remark: 'new', version: 2 }),
}

describe('audit log page (fake bridge)', () => {
  it('lists an entry in the console language, opens its change side by side, and exports what the search applied', async () => {
    sessionStore.set({ status: 'signedIn', permissions: [AUDIT_LOG_PERMISSION] })
    const exported: unknown[] = []
    const bridge = installFakeBridge({
      hub: { 'platform.auditLog.list': ok({ content: [entry], totalElements: 1 }) },
      channels: { 'logs.exportAudit': (payload) => (exported.push(payload), { ok: true, data: { path: '/tmp/a.xlsx' }, message: '已导出：/tmp/a.xlsx' }) },
    })
    const user = userEvent.setup()
    renderRegistryPage('common', 'AuditLogList')
    const table = await screen.findByRole('table', { name: '审计日志列表' })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1))
    const cells = within(rowsOf(table)[0]!).getAllByRole('cell').map((c) => c.textContent)
    expect(cells.slice(1, 8)).toEqual(['admin', 'datahub.consumer.update', '消费者', 'wms', '成功', '10.0.0.7', '桌面客户端'])

    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: '查看 wms 的变更' }))
    const dialog = await screen.findByRole('dialog', H)
    expect(within(dialog).getByRole('heading', H).textContent).toBe('wms 的变更')
    const remark = within(dialog).getByRole('row', { ...H, name: /^remark/ })
    expect(remark.getAttribute('data-changed')).toBe('true')
    expect(within(remark).getAllByRole('cell', H).map((c) => c.textContent)).toEqual([expect.stringMatching(/^remark/), 'old', 'new'])
    await user.click(within(dialog).getByRole('button', { ...H, name: '返回' }))

    await user.type(screen.getByRole('textbox', { name: '用户' }), 'admin')
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'platform.auditLog.list').at(-1)?.input).toMatchObject({ username: 'admin' }))
    await user.click(screen.getByRole('button', { name: '导出' }))
    await waitFor(() => expect(exported).toEqual([{ username: 'admin' }]))
  })
})
