// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { sessionStore } from '../../../state/session'
import { ExportPanel } from './ExportPanel'
import { ImportPanel } from './ImportPanel'

afterEach(resetState)

const catalog = {
  topics: [{ code: 'orders', name: '订单', needs: { dataSources: ['erp_db'], apiAuthentications: ['erp/static'] } }],
  dataSources: [{ code: 'erp_db', name: 'ERP' }],
  apiAuthentications: [{ code: 'erp/static', name: 'ERP' }],
  systemAuthentications: [],
  dictionaries: [],
  parameters: [],
  gatewayRoutes: [],
}

const plan = { formatVersion: 1, items: [], placeholders: [], summary: { create: 2, change: 1, unchanged: 0, problems: 0 } }

describe('promotion export', () => {
  it('names the data source and authentication a selected topic needs but the selection leaves out, and adds them on request', async () => {
    installFakeBridge({ signedIn: true, hub: { 'datahub.promotion.catalog': ok(catalog) } })
    sessionStore.set({ status: 'signedIn' })
    renderWithProviders(<ExportPanel />, '/promotion')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: /orders/ }))
    const warning = await screen.findByText(/还引用了未选的对象/)
    expect(warning.textContent).toContain('数据源 erp_db')
    expect(warning.textContent).toContain('API 认证 erp/static')
    await user.click(screen.getByRole('button', { name: '一并导出' }))
    expect(screen.queryByText(/还引用了未选的对象/)).toBeNull()
    expect(screen.getByText('已选 3 个对象')).toBeTruthy()
  })
})

describe('promotion import', () => {
  it('asks before applying, naming the hub and the counts; cancelled, nothing is applied; confirmed, the result stays on the page', async () => {
    const fake = installFakeBridge({
      signedIn: true,
      hub: { 'datahub.promotion.plan': ok(plan), 'datahub.promotion.apply': ok(plan, { message: '配置已导入' }) },
      channels: { 'promotion.open': () => ok({ name: 'promotion.json', document: { formatVersion: 1 } }) },
    })
    sessionStore.set({ status: 'signedIn' })
    renderWithProviders(<ImportPanel />, '/promotion')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '打开配置文档…' }))
    const apply = await screen.findByRole('button', { name: '导入' })
    const applied = () => fake.hubCalls().filter((c) => c.endpoint === 'datahub.promotion.apply').length

    await user.click(apply)
    let dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('promotion.json')
    expect(dialog.textContent).toContain('新建 2 个、修改 1 个')
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(applied()).toBe(0)

    await user.click(apply)
    dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: '导入' }))
    expect(await screen.findByText(/已导入到 .*：新建 2 个、修改 1 个对象/)).toBeTruthy()
    expect(applied()).toBe(1)
  })
})
