import { startSmtpSink, type SmtpSink } from '../support/smtpSink'
import { test, expect, type Desktop } from './harness'

/**
 * Messaging end to end: the built console in Chromium, the real main-process handlers and a
 * real hub on a fresh SQLite store, and a local SMTP sink standing in for the mail server.
 */
async function signIn(desktop: Desktop) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

let sink: SmtpSink
test.beforeAll(async () => {
  sink = await startSmtpSink()
})
test.afterAll(async () => sink?.close())

test('an email server pointing at the sink sends a test mail typed in the console', async ({ desktop }) => {
  const { page } = desktop
  await signIn(desktop)
  await desktop.open('/platform/email-server')

  // Created with a wrong password first: the test mail is refused with the server's reason.
  await page.getByRole('button', { name: '新增邮件服务器' }).click()
  const form = page.getByRole('dialog')
  await form.getByLabel('服务器地址').fill('127.0.0.1')
  await form.getByLabel('端口').fill(String(sink.port))
  await form.getByLabel('账号').fill('not-an-address')
  await form.getByLabel('密码', { exact: true }).focus()
  await expect(form.getByText('账号须为邮箱地址')).toBeVisible()
  await form.getByLabel('账号').fill(sink.account)
  await form.getByLabel('密码', { exact: true }).fill('wrong-pass')
  await form.getByLabel('发件人昵称').fill('平台通知')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: sink.account })
  await expect(row).toContainText(String(sink.port))
  await expect(row).not.toContainText('wrong-pass')

  const to = `ops.${Date.now()}@example.com`
  await row.getByRole('button', { name: '发送测试邮件' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('收件人邮箱').fill('nobody')
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog.getByText('收件人邮箱格式不正确')).toBeVisible()
  await dialog.getByLabel('收件人邮箱').fill(to)
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog.getByRole('alert')).toContainText(`邮件服务器 127.0.0.1:${sink.port} 拒绝了账号或密码`)
  await expect(dialog.getByLabel('收件人邮箱')).toHaveValue(to)
  await dialog.getByRole('button', { name: '取消' }).click()

  // The right password (an empty one on edit would keep the stored one), then the mail arrives.
  await row.getByRole('button', { name: '编辑' }).click()
  await form.getByLabel('密码', { exact: true }).fill(sink.password)
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form).toBeHidden()
  await row.getByRole('button', { name: '发送测试邮件' }).click()
  await dialog.getByLabel('收件人邮箱').fill(to)
  await dialog.getByRole('button', { name: '发送' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('测试邮件已发送').first()).toBeVisible()
  const mail = await sink.waitFor((m) => m.to.includes(to))
  expect(mail.subject).toBe('数据交换平台测试邮件')
  expect(mail.headers.from).toContain('平台通知')

  // The only server is the default one: it cannot be deleted.
  await row.getByRole('button', { name: '删除' }).click()
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('默认邮件服务器不能删除').first()).toBeVisible()
  await expect(row).toBeVisible()
})

test('a system authentication shows its secret once; platform authentication is the second tab', async ({ desktop }) => {
  const { page } = desktop
  await signIn(desktop)
  await desktop.open('/platform/sys-authentication')
  await page.getByRole('button', { name: '新增系统认证' }).click()
  const form = page.getByRole('dialog')
  const appCode = `erp${Date.now().toString(36)}`
  await form.getByLabel('应用编码').fill(appCode)
  await form.getByLabel('认证名称').fill('ERP 系统')
  await form.getByRole('radio', { name: '解析令牌' }).check()
  await form.getByLabel('令牌有效期（秒）').fill('3600')
  await form.getByRole('button', { name: '保存' }).click()
  const shown = page.getByRole('alertdialog')
  await expect(shown.getByText('密钥只显示这一次', { exact: false })).toBeVisible()
  await expect(shown.getByLabel('系统密钥')).toHaveValue(/^[A-Za-z0-9_-]{43}$/)
  const secret = await shown.getByLabel('系统密钥').inputValue()
  await shown.getByRole('button', { name: '关闭' }).click()
  const row = page.getByRole('row').filter({ hasText: appCode })
  await expect(row).toContainText('解析令牌')
  await expect(page.getByText(secret)).toHaveCount(0)

  await page.getByRole('tab', { name: '平台认证' }).click()
  await page.getByRole('button', { name: '新增平台认证' }).click()
  await form.getByLabel('认证名称').fill('外部接口')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form.getByText('静态令牌须填写令牌值')).toBeVisible()
  await form.getByLabel('令牌', { exact: true }).fill('static-token-1')
  await form.getByRole('button', { name: '保存' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: '外部接口' })).toBeVisible()
})
