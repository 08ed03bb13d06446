import type { Page } from '@playwright/test'
import { startSmtpSink, type SmtpSink } from '../support/smtpSink'
import { ensureApplication } from './applications'
import { test, expect, type Desktop } from './harness'
import { shownWhole } from './layoutProbe'
import { signIn, signInAsAdmin } from './signIn'
import { openNewTopic } from './topics'

/**
 * Change approval end to end (issue 19), at the window size a new Electron window opens at: the
 * administrator designs a one-step process in the designer (a node dragged from the palette,
 * approved by the admin role), deploys it and makes a role's changes need approval; a user of
 * that role changes a consumer and is told it was submitted; the administrator sees the change
 * side by side on the workbench and approves it, and the consumer carries it. A second change's
 * approval mail (from a local SMTP sink) opens the console's unsigned approval page without
 * signing in, decides it, and its link is refused the second time.
 */
test.use({ viewport: { width: 1280, height: 800 } })

let sink: SmtpSink
test.beforeAll(async () => {
  // An account of its own: the e2e hub is shared by the specs, and messaging.spec.ts finds its server by account.
  sink = await startSmtpSink({ account: 'approvals@example.com' })
})
test.afterAll(async () => sink?.close())

async function hub<T>(desktop: Desktop, endpoint: string, input: unknown): Promise<T> {
  const r = await desktop.handlers['hub.call']({ endpoint, input })
  expect(r.ok, r.ok ? '' : `${endpoint}: ${r.code} ${r.message}`).toBe(true)
  return (r as { data: T }).data
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: '用户菜单' }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** Drags a palette item onto the canvas with the mouse, in steps (dnd-kit starts a drag after a few pixels). */
async function dragToCanvas(page: Page, item: string, dx: number, dy: number) {
  const from = await page.getByRole('group', { name: '节点', exact: true }).getByRole('button', { name: item }).boundingBox()
  const canvas = await page.getByTestId('process-canvas').boundingBox()
  if (!from || !canvas) throw new Error('palette or canvas not shown')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 })
  await page.mouse.move(canvas.x + dx, canvas.y + dy, { steps: 12 })
  await page.mouse.up()
}

test('a process designed, deployed and required for a role; a change submitted, approved on the workbench, and one by its mail link', async ({ desktop }) => {
  test.slow()
  const { page } = desktop
  const stamp = Date.now().toString(36)
  const letters = stamp.replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!)
  const processKey = `change_${stamp}`
  const [code, app, app2] = [`appr_${stamp}`, `ap${stamp}`, `aq${stamp}`]
  const adminMail = `admin.${stamp}@example.test`

  await signInAsAdmin(desktop)
  // Mails go through the default server: the sink, for this test (the one before comes back after).
  const before = (await hub<{ content: { id: string; isDefault: string }[] }>(desktop, 'platform.emailServer.list', { pageNum: 1, pageSize: 100 })).content.find((s) => s.isDefault === '1')
  const server = await hub<{ id: string }>(desktop, 'platform.emailServer.create', { host: sink.host, port: String(sink.port), ssl: '0', account: sink.account, password: sink.password, senderName: 'DataHub' })
  await hub(desktop, 'platform.emailServer.setDefault', { id: server.id })
  const admin = await desktop.hub.store.db.selectFrom('users').select(['id']).where('username', '=', 'admin').executeTakeFirstOrThrow()
  await desktop.hub.store.db.updateTable('users').set({ email: adminMail } as never).where('id', '=', admin.id).execute()
  try {
    // What the user of the role will change: two consumers of a topic.
    await ensureApplication(desktop, app)
    await ensureApplication(desktop, app2)
    const row = await openNewTopic(desktop, code, `审批 ${stamp}`)
    const consumerInput = (application: string) => ({ topicCode: code, applicationCode: application, dataConsumeType: 'http', httpRequestInfoModel: { requestMethod: 'POST', requestUri: '/orders/in', authenStatus: '0' }, remark: '旧备注' })
    const first = await hub<{ id: string }>(desktop, 'datahub.consumer.create', consumerInput(app))
    const second = await hub<{ id: string; version: number }>(desktop, 'datahub.consumer.create', consumerInput(app2))
    // The role whose changes need approval, and its user.
    const role = await hub<{ id: string }>(desktop, 'platform.role.create', { roleCode: `ed${letters}`.slice(0, 20), roleName: `变更员${letters}` })
    await hub(desktop, 'platform.role.resAuth.save', { roleId: role.id, permissions: ['datahub', 'datahub:topic', 'workflow', 'workflow:workbench'] })
    const username = `ed${stamp}`.slice(0, 20)
    const user = await hub<{ id: string }>(desktop, 'platform.employee.create', { username, nickName: '变更员', password: 'Ed#Pass1234' })
    await hub(desktop, 'platform.role.saveRoleUser', { roleId: role.id, userIds: [user.id] })
    expect(row).toBeTruthy()

    // The designer: what is missing is said in place, in the hub's words.
    await desktop.open('/workflow/process')
    await page.getByRole('button', { name: '新增流程' }).click()
    const designer = page.getByRole('dialog', { name: '新增流程' })
    await designer.getByRole('button', { name: '保存' }).click()
    await expect(designer.getByText('流程标识不能为空')).toBeVisible()
    await expect(designer.getByText('流程名称不能为空')).toBeVisible()
    await designer.getByRole('textbox', { name: '流程标识' }).fill(processKey)
    await designer.getByRole('textbox', { name: '流程名称' }).fill(`配置变更审批 ${stamp}`)
    expect(await shownWhole(designer.getByRole('button', { name: '保存' }))).toBe(true)

    // An approval node from the palette, between the start and the end.
    await dragToCanvas(page, '审批节点', 300, 80)
    const panel = designer.getByRole('group', { name: '节点属性' })
    await expect(panel.getByText('审批节点 · approval_1')).toBeVisible()
    await designer.getByRole('button', { name: '保存' }).click()
    await expect(panel.getByText('审批节点的角色不能为空')).toBeVisible()
    await expect(page.locator('.react-flow__node[data-id="approval_1"] [data-invalid="true"]')).toBeVisible()
    await panel.getByRole('checkbox', { name: '系统管理员 (admin)' }).check()
    await panel.getByRole('combobox', { name: '连接到节点…' }).selectOption('end')
    await panel.getByRole('button', { name: '连接' }).click()
    await page.locator('.react-flow__node[data-id="start"]').click()
    await expect(panel.getByText('开始 · start')).toBeVisible()
    await panel.getByRole('button', { name: '删除到“结束”的连线' }).click()
    await panel.getByRole('combobox', { name: '连接到节点…' }).selectOption('approval_1')
    await panel.getByRole('button', { name: '连接' }).click()
    await designer.getByRole('button', { name: '保存' }).click()
    await expect(page.getByText('操作成功').first()).toBeVisible()
    await expect(page.getByRole('dialog', { name: `设计流程：配置变更审批 ${stamp}` })).toBeVisible()
    await page.getByRole('dialog', { name: `设计流程：配置变更审批 ${stamp}` }).getByRole('button', { name: '返回' }).click()

    // Deployed, asked first: version 1.
    const processRow = page.getByRole('row').filter({ hasText: processKey })
    await expect(processRow).toContainText('未部署')
    await processRow.getByRole('button', { name: '部署' }).click()
    const ask = page.getByRole('alertdialog')
    await expect(ask).toContainText('将生成版本 v1')
    await ask.getByRole('button', { name: '确定' }).click()
    await expect(processRow).toContainText('v1')

    // The role's changes now need this process.
    await desktop.open('/platform/role')
    const roleRow = page.getByRole('row').filter({ hasText: `ed${letters}`.slice(0, 20) })
    await roleRow.getByRole('button', { name: `${`ed${letters}`.slice(0, 20)} 的更多操作` }).click()
    await page.getByRole('menuitem', { name: '变更审批' }).click()
    const switchDialog = page.getByRole('dialog', { name: `变更审批：变更员${letters}` })
    await switchDialog.getByRole('switch', { name: '修改需要审批' }).check()
    await switchDialog.getByRole('combobox', { name: '审批流程' }).selectOption(processKey)
    await switchDialog.getByRole('button', { name: '保存' }).click()
    await expect(switchDialog).toBeHidden()
    const entries = await hub<{ roleId: string; enabled: string; processKey: string }[]>(desktop, 'platform.process.roleApproval.list', {})
    expect(entries.find((e) => e.roleId === role.id)).toMatchObject({ enabled: '1', processKey })
    await signOut(page)

    // The user of the role changes the first consumer: submitted, not saved; the box says "changing".
    await signIn(desktop, username, 'Ed#Pass1234', { home: false })
    const change = page.getByRole('form', { name: '请修改密码' })
    await change.getByRole('textbox', { name: '原密码', exact: true }).fill('Ed#Pass1234')
    await change.getByRole('textbox', { name: '新密码', exact: true }).fill('Ed#Own12345')
    await change.getByRole('textbox', { name: '确认新密码', exact: true }).fill('Ed#Own12345')
    await change.getByRole('button', { name: '保存' }).click()
    await expect(change).toBeHidden()
    await signIn(desktop, username, 'Ed#Own12345')
    await desktop.open('/datahub/topic')
    const flow = page.getByRole('article', { name: `消息主题 审批 ${stamp}（${code}）` })
    const box = flow.getByRole('group', { name: `消费者 ${app}`, exact: true })
    // A status switch asks too, one question saying the change goes to review; a no sends nothing.
    // Named with its object ("停用消费者 …", issue 44); the question says the action alone.
    const toggle = box.getByRole('button', { name: /^(停用|启用)消费者/ })
    const toggleName = (await toggle.getAttribute('aria-label'))!
    const toggleLabel = toggleName.slice(0, 2)
    await toggle.click()
    const toggleAudit = page.getByRole('alertdialog', { name: '提交审批' })
    await expect(toggleAudit).toContainText(`确定${toggleLabel}消费者“${app}”吗？该操作需要审批，提交后进入审批流程，审批通过后才生效。`)
    await toggleAudit.getByRole('button', { name: '取消' }).click()
    await expect(toggleAudit).toBeHidden()
    await expect(box.getByRole('button', { name: toggleName, exact: true })).toBeVisible()
    await expect(box.getByTestId('changing-mark')).toHaveCount(0)
    await box.getByRole('button', { name: /^编辑/ }).click()
    const editor = page.getByRole('dialog', { name: '编辑消费者' })
    await editor.getByRole('tab', { name: '备注' }).click()
    await editor.getByRole('textbox', { name: '备注' }).fill('审批后的备注')
    await editor.getByRole('button', { name: '保存' }).click()
    // The spec's "submit audit": the role's changes go to review, so the user confirms first.
    const submitAudit = page.getByRole('alertdialog', { name: '提交审批' })
    await expect(submitAudit).toContainText('该变更需要审批，保存后将提交审批，审批通过后生效。确定提交吗？')
    await submitAudit.getByRole('button', { name: '提交', exact: true }).click()
    await expect(page.getByText(`“${code} / ${app}”的变更已提交审批，审批通过后生效`).first()).toBeVisible()
    await expect(editor).toBeHidden()
    await expect(box.getByTestId('changing-mark')).toHaveText('变更中')
    // The second consumer's change goes the same way (through the same main process).
    const submitted = await desktop.handlers['hub.call']({ endpoint: 'datahub.consumer.update', input: { id: second.id, version: second.version, remark: '邮件审批的备注' } })
    expect(submitted).toMatchObject({ ok: false, code: '2020' })
    await signOut(page)

    // The approver: the workbench's badge, the change side by side, approved after asking.
    await signInAsAdmin(desktop)
    // The header's button beside the bell says how many wait, and opens them.
    const waiting = page.getByRole('banner').getByRole('button', { name: /^待审批任务/ })
    await expect(waiting).toHaveAccessibleName('待审批任务 2 条')
    await waiting.click()
    await expect(page).toHaveURL(/\/workflow\/workbench$/)
    await expect(page.getByRole('treeitem', { name: '工作台' }).locator('.fui-CounterBadge')).toHaveText('2')
    const pending = page.getByRole('table', { name: '我的待办' })
    await pending.getByRole('button', { name: `修改消费者：${code} / ${app}` }).click()
    const subject = page.getByRole('dialog', { name: `修改消费者：${code} / ${app}` })
    const remark = subject.getByRole('row', { name: /^备注/ })
    await expect(remark).toHaveAttribute('data-changed', 'true')
    await expect(remark.getByRole('cell')).toHaveText([/^备注/, '旧备注', '审批后的备注'])
    await expect(subject.locator('[data-node-id="approval_1"]')).toHaveAttribute('data-status', 'active')
    await subject.getByRole('textbox', { name: '审批意见' }).fill('同意')
    expect(await shownWhole(subject.getByRole('button', { name: '通过' }))).toBe(true)
    await subject.getByRole('button', { name: '通过' }).click()
    const confirmApprove = page.getByRole('alertdialog')
    await expect(confirmApprove).toContainText('确定通过该审批吗？')
    await confirmApprove.getByRole('button', { name: '通过' }).click()
    await expect(subject).toBeHidden()
    await expect(pending.getByRole('button', { name: `修改消费者：${code} / ${app}` })).toHaveCount(0)
    await expect(waiting).toHaveAccessibleName('待审批任务 1 条')
    // Applied as a new version: the consumer carries the change.
    const applied = await hub<{ remark: string }>(desktop, 'datahub.consumer.get', { id: first.id })
    expect(applied.remark).toBe('审批后的备注')

    // The second change's mail: its link opens the console's approval page without signing in.
    const mail = await sink.waitFor((m) => m.to.includes(adminMail) && m.subject.includes(app2), 30_000)
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]!)
    await signOut(page)
    await desktop.open(`/approveDetail?token=${encodeURIComponent(token)}`)
    await expect(page.getByRole('heading', { name: `修改消费者：${code} / ${app2}` })).toBeVisible()
    await expect(page.getByRole('row', { name: /^备注/ }).getByRole('cell')).toHaveText([/^备注/, '旧备注', '邮件审批的备注'])
    await page.getByRole('button', { name: '通过' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '通过' }).click()
    await expect(page.getByRole('status')).toContainText('已通过')
    // Once only: the same link is refused, on this page and on the hub's own.
    await page.reload()
    await expect(page.getByRole('alert')).toContainText('审批链接已使用过')
    const hubPage = await page.request.get(`${desktop.hub.url}/approve?token=${encodeURIComponent(token)}`)
    expect(await hubPage.text()).toContain('审批链接已使用过')
    expect(page.url()).toContain('/approveDetail')
  } finally {
    await desktop.hub.store.db.updateTable('users').set({ email: '' } as never).where('id', '=', admin.id).execute()
    // Signed out by now: the sink's server goes, straight in the store, and the earlier default comes back.
    await desktop.hub.store.db.deleteFrom('email_servers' as never).where('id' as never, '=', server.id as never).execute().catch(() => {})
    if (before) {
      await desktop.hub.store.db.updateTable('email_servers' as never).set({ is_default: '0' } as never).execute().catch(() => {})
      await desktop.hub.store.db.updateTable('email_servers' as never).set({ is_default: '1' } as never).where('id' as never, '=', before.id as never).execute().catch(() => {})
    }
  }
})
