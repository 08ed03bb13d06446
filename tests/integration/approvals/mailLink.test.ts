import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import type { Consumer } from '../../../src/shared/contract/datahub/consumer'
import { approveCommon, approveDetail } from '../../../src/shared/contract/approvals/mailApproval'
import type { MailSubject } from '../../../src/shared/contract/approvals/mailApproval'
import type { Subject } from '../../../src/shared/contract/approvals/workbench'
import { emailServerCreate } from '../../../src/shared/contract/platform/messaging/emailServers'
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, openBench, refusal, type Bench } from '../datahub/support'
import { twoStepApproval, type Person } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'approval from a mail link', (target) => {
  let b: Bench
  let smtp: SmtpSink
  let worker: DeliveryWorker
  let editor: Person
  let reviewer: Person
  let boss: Person

  beforeAll(async () => {
    b = await openBench(target, { publicUrl: 'https://hub.example.test' })
    smtp = await startSmtpSink()
    worker = createDeliveryWorker({ store: b.hub.store, events: b.hub.events, outbox: b.hub.outbox, config: b.hub.config, log: () => {} }, { retryUnitMs: 2 })
    await b.ok(emailServerCreate, { host: smtp.host, port: String(smtp.port), ssl: '0', account: smtp.account, password: smtp.password, senderName: 'DataHub' })
    ;({ editor, reviewer, boss } = await twoStepApproval(b, { suffix: '2', name: '邮件审批', keyPrefix: 'mail' }))
  })
  afterAll(async () => {
    await worker?.stop()
    await smtp?.close()
    await b?.close()
  })

  /** The link of the first mail to `p`, sending the outbox until it comes. */
  const linkFor = async (p: Person): Promise<string> => {
    const end = Date.now() + 20_000
    for (;;) {
      const mail = smtp.mails.find((m) => m.to.includes(p.email))
      if (mail) {
        const link = /https:\/\/hub\.example\.test(\/approve\?token=\S+)/.exec(mail.text)
        if (!link) throw new Error(`no link in: ${mail.text}`)
        return link[1]!
      }
      if (Date.now() > end) throw new Error(`no mail to ${p.email}`)
      await worker.tick()
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  const tokenOf = (path: string) => decodeURIComponent(path.split('token=')[1]!)
  /** The same token with its payload changed and its signature kept (a forgery). */
  const forged = (token: string, change: (p: Record<string, string>) => void) => {
    const [payload, signature] = token.split('.')
    const p = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, string>
    change(p)
    return `${Buffer.from(JSON.stringify(p)).toString('base64url')}.${signature}`
  }
  const page = (method: 'GET' | 'POST', url: string, form?: Record<string, string>) =>
    b.hub.app.inject({ method, url, headers: { 'accept-language': 'zh-CN', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, payload: form ? new URLSearchParams(form).toString() : undefined })

  it('mails each approver a link that opens only their task without signing in, works once, and expires', async () => {
    const c = await b.consumer((await b.topic()).code, { remark: 'before' })
    expect(refusal(await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'after', applicationName: 'Mail ERP' }, { token: editor.token })).code).toBe('2020')

    const path = await linkFor(reviewer)
    const mail = smtp.mails.find((m) => m.to.includes(reviewer.email))!
    expect(mail.subject).toContain('待审批')
    expect(mail.text).toContain('remark')
    const token = tokenOf(path)

    // The page, without a session: the change side by side and the two buttons.
    const shown = await page('GET', path)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['cache-control']).toBe('no-store')
    expect(shown.body).toContain('after')
    expect(shown.body).toContain('name="result" value="reject"')
    const seen = await b.send<MailSubject>(approveDetail, { token }, { token: null })
    expect(seen.body.data).toMatchObject({ approverName: 'reviewer2', state: 'reviewing', currentNodes: ['审核'] })

    // Bound to its task and its approver: a payload naming another user or task is refused.
    expect(refusal(await b.send(approveDetail, { token: forged(token, (p) => (p.u = boss.id)) }, { token: null }))).toEqual({ code: '4031', message: '审批链接无效' })
    expect(refusal(await b.send(approveDetail, { token: forged(token, (p) => (p.t = 'another-task')) }, { token: null })).code).toBe('4031')
    expect(refusal(await b.send(approveDetail, { token: `${token}x` }, { token: null })).code).toBe('4031')

    const decided = await page('POST', path.split('?')[0]!, { token, result: 'approve', comment: '邮件同意' })
    expect(decided.statusCode).toBe(200)
    expect(decided.body).toContain('已处理：审批中')
    const again = await page('POST', '/approve', { token, result: 'approve', comment: '' })
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('审批链接已使用过')
    expect(refusal(await b.send(approveDetail, { token }, { token: null })).message).toBe('审批链接已使用过')

    // The next approver's link: expired links are refused; a rejection needs a comment.
    const bossToken = tokenOf(await linkFor(boss))
    await b.hub.store.db.updateTable('wf_mail_tokens' as never).set({ expires_at: '2000-01-01T00:00:00.000Z' } as never).execute()
    expect(refusal(await b.send(approveDetail, { token: bossToken }, { token: null })).message).toBe('审批链接已过期')
    await b.hub.store.db.updateTable('wf_mail_tokens' as never).set({ expires_at: '2999-01-01T00:00:00.000Z' } as never).execute()
    expect(fieldKeys(await b.send(approveCommon, { token: bossToken, result: 'reject' }, { token: null }))).toEqual({ comment: 'msg_process_comment_missing' })
    const rejected = await b.send<Subject>(approveCommon, { token: bossToken, result: 'reject', comment: '不同意' }, { token: null })
    expect(rejected.body.data?.state).toBe('rejected')
    expect((await b.ok<Consumer>(consumer.consumerGet, { id: c.id })).remark).toBe('before')
  })
})
