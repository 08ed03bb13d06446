import { createServer } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as mail from '../../../src/shared/contract/platform/messaging/emailServers'
import type { EmailServer } from '../../../src/shared/contract/platform/messaging/emailServers'
import { messagingDb } from '../../../src/hub/platform/messaging/tables'
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openMessagingBench, refusal, type MessagingBench } from './support'

const targets = await storeTargets()

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  await new Promise<void>((ok) => server.close(() => ok()))
  return typeof address === 'object' && address ? address.port : 1
}

describeEachStore(targets, 'email servers', (target) => {
  let bench: MessagingBench
  let sink: SmtpSink
  beforeAll(async () => {
    bench = await openMessagingBench(target)
    sink = await startSmtpSink()
  })
  afterAll(async () => {
    await sink?.close()
    await bench?.close()
  })
  const sinkServer = (overrides: Record<string, unknown> = {}) => ({ host: sink.host, port: String(sink.port), ssl: '0', account: sink.account, password: sink.password, senderName: '平台通知', ...overrides })
  const create = (overrides: Record<string, unknown> = {}) => bench.ok<EmailServer>(mail.emailServerCreate, sinkServer(overrides))
  const list = async () => (await bench.ok<{ content: EmailServer[] }>(mail.emailServerList, { pageSize: 100 })).content

  it('checks address, port 1-5 digits, account, password 1-30 and protocol', async () => {
    expect(fieldKeys(await bench.send(mail.emailServerCreate, { host: 'bad host', port: '123456', account: 'not-mail', password: '', protocol: 'pop3' }))).toEqual({
      host: 'msg_email_host_rule',
      port: 'msg_email_port_rule',
      account: 'msg_email_account_rule',
      password: 'msg_email_password_rule',
      protocol: 'msg_email_protocol_rule',
    })
    expect(fieldKeys(await bench.send(mail.emailServerCreate, { host: '', port: '0', account: '', password: 'p'.repeat(31), senderName: 'n'.repeat(51) }))).toEqual({
      host: 'msg_email_host_required',
      port: 'msg_email_port_rule',
      account: 'msg_email_account_required',
      password: 'msg_email_password_rule',
      senderName: 'msg_email_sender_rule',
    })
    expect(fieldKeys(await bench.send(mail.emailServerCreate, sinkServer({ port: '65536' })))).toEqual({ port: 'msg_email_port_rule' })
    const v6 = await create({ host: '::1', port: 25 })
    expect(v6).toMatchObject({ host: '::1', port: 25, protocol: 'smtp' })
    await bench.ok(mail.emailServerSetDefault, { id: (await create({ host: 'smtp.example.com', isDefault: '1' })).id })
    await bench.ok(mail.emailServerDelete, { id: v6.id })
  })

  it('never answers the password, keeps it encrypted, and keeps it when an update leaves it empty', async () => {
    const server = await create({ password: 'Secr3t-pass' })
    expect(server.passwordSet).toBe(true)
    expect(server).not.toHaveProperty('password')
    for (const answer of [await bench.send(mail.emailServerGet, { id: server.id }), await bench.send(mail.emailServerList, {}), await bench.send(mail.emailServerUpdate, { ...server, password: '' })]) {
      expect(JSON.stringify(answer.body)).not.toContain('Secr3t-pass')
    }
    const stored = async () => (await messagingDb(bench.hub.store.db).selectFrom('email_servers').select('password_secret').where('id', '=', server.id).executeTakeFirstOrThrow()).password_secret
    const cipher = await stored()
    expect(cipher).toMatch(/^v1:/)
    expect(cipher).not.toContain('Secr3t-pass')
    await bench.ok(mail.emailServerUpdate, { ...server, senderName: '改名', password: '' })
    expect(await stored()).toBe(cipher)
  })

  it('keeps exactly one default: the first server, then whichever is set; the default cannot be deleted', async () => {
    for (const s of await list()) {
      if (s.isDefault !== '1') await bench.ok(mail.emailServerDelete, { id: s.id })
    }
    const current = (await list())[0]!
    expect(current.isDefault).toBe('1')
    expect(refusal(await bench.send(mail.emailServerDelete, { id: current.id }))).toEqual({ code: '4090', message: '默认邮件服务器不能删除' })
    const second = await create({ host: 'mail.example.org' })
    expect(second.isDefault).toBe('0')
    await bench.ok(mail.emailServerSetDefault, { id: second.id })
    const defaults = (await list()).filter((s) => s.isDefault === '1')
    expect(defaults.map((s) => s.id)).toEqual([second.id])
    // Saving another with the flag moves it too.
    const third = await create({ host: 'mx.example.net', isDefault: '1' })
    expect((await list()).filter((s) => s.isDefault === '1').map((s) => s.id)).toEqual([third.id])
    await bench.ok(mail.emailServerDelete, { id: second.id })
    expect(refusal(await bench.send(mail.emailServerGet, { id: second.id }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The email server does not exist' })
    expect(refusal(await bench.send(mail.emailServerSetDefault, { id: second.id })).code).toBe('4040')
    expect(refusal(await bench.send(mail.emailServerDelete, { id: third.id }, { locale: 'en' }))).toEqual({ code: '4090', message: 'The default email server cannot be deleted' })
  })

  it('sends a real test mail through the server to the address typed', async () => {
    const server = await create()
    const to = `ops.${target.name}@example.com`
    const answer = await bench.send<{ to: string; messageId: string }>(mail.emailServerSendTestMail, { id: server.id, to })
    expect(refusal(answer)).toEqual({ code: '2000', message: '测试邮件已发送' })
    const received = await sink.waitFor((m) => m.to.includes(to))
    expect(received).toMatchObject({ from: sink.account, user: sink.account, subject: '数据交换平台测试邮件' })
    expect(received.headers.from).toContain('平台通知')
    expect(received.headers.to).toBe(to)
    expect(answer.body.data?.messageId).toBe(received.headers['message-id'])
    // In the caller's language.
    const en = `en.${target.name}@example.com`
    expect(refusal(await bench.send(mail.emailServerSendTestMail, { id: server.id, to: en }, { locale: 'en' }))).toEqual({ code: '2000', message: 'Test mail sent' })
    expect((await sink.waitFor((m) => m.to.includes(en))).subject).toBe('Data exchange platform test mail')
  })

  it('refuses a test mail with a clear message when the server is unreachable or refuses the account', async () => {
    expect(fieldKeys(await bench.send(mail.emailServerSendTestMail, { id: 'x', to: 'nobody' }))).toEqual({ to: 'msg_email_to_rule' })
    const port = await closedPort()
    const dead = await create({ port })
    const unreachable = refusal(await bench.send(mail.emailServerSendTestMail, { id: dead.id, to: 'ops@example.com' }))
    expect(unreachable.code).toBe('4090')
    expect(unreachable.message).toMatch(new RegExp(`^无法连接邮件服务器 127\\.0\\.0\\.1:${port}（.+）$`))
    const wrong = await create({ password: 'wrong-pass' })
    const refused = refusal(await bench.send(mail.emailServerSendTestMail, { id: wrong.id, to: 'ops@example.com' }, { locale: 'en' }))
    expect(refused.code).toBe('4090')
    expect(refused.message).toContain(`The email server 127.0.0.1:${sink.port} refused the account or password`)
    expect(refusal(await bench.send(mail.emailServerSendTestMail, { id: 'missing', to: 'ops@example.com' })).code).toBe('4040')
  })
})
