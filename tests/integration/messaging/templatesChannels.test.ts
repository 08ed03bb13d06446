import { afterAll, beforeAll, expect, it } from 'vitest'
import * as channels from '../../../src/shared/contract/platform/messaging/channels'
import * as templates from '../../../src/shared/contract/platform/messaging/emailTemplates'
import type { Channel } from '../../../src/shared/contract/platform/messaging/channels'
import type { EmailTemplate } from '../../../src/shared/contract/platform/messaging/emailTemplates'
import { messagingDb } from '../../../src/hub/platform/messaging/tables'
import { describeEachStore, storeTargets } from '../../support/stores'
import { fieldKeys, fresh, openMessagingBench, refusal, type MessagingBench } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'email templates and message channels', (target) => {
  let bench: MessagingBench
  beforeAll(async () => {
    bench = await openMessagingBench(target)
  })
  afterAll(async () => bench?.close())

  const newTemplate = (overrides: Record<string, unknown> = {}) =>
    bench.ok<EmailTemplate>(templates.emailTemplateCreate, { code: fresh('tpl'), name: '告警通知', subject: '{{topic}} 告警', content: '您好 {{ user.name }}，主题 {{topic}} 于 {{time}} 告警。', ...overrides })
  const channelInput = (overrides: Record<string, unknown> = {}) => ({ code: fresh('ch_', 50), name: fresh('渠道', 50), channelType: 'sms', retryNum: '3', retryInterval: '60', ...overrides })
  const newChannel = (overrides: Record<string, unknown> = {}) => bench.ok<Channel>(channels.channelCreate, channelInput(overrides))

  it('checks template code 1-20, name 2-20, subject, content and well-formed placeholders', async () => {
    expect(fieldKeys(await bench.send(templates.emailTemplateCreate, { code: 'a b', name: '告', subject: '', content: '你好 {{ 1x }}' }))).toEqual({
      code: 'msg_email_template_code_rule',
      name: 'msg_email_template_name_rule',
      subject: 'msg_email_template_subject_required',
      content: 'msg_email_template_placeholder_rule',
    })
    expect(fieldKeys(await bench.send(templates.emailTemplateCreate, { code: 'c'.repeat(21), name: 'n'.repeat(21), subject: '{{open', content: '  ' }))).toEqual({
      code: 'msg_email_template_code_rule',
      name: 'msg_email_template_name_rule',
      subject: 'msg_email_template_placeholder_rule',
      content: 'msg_email_template_content_required',
    })
    expect(fieldKeys(await bench.send(templates.emailTemplateCreate, { code: 'ok', name: '正常', subject: 'x', content: '{{}} and }}' }))).toEqual({ content: 'msg_email_template_placeholder_rule' })
    const t = await newTemplate()
    expect(t.placeholders).toEqual(['topic', 'user.name', 'time'])
  })

  it('refuses a duplicate template code, updates and deletes', async () => {
    const t = await newTemplate()
    expect(refusal(await bench.send(templates.emailTemplateCreate, { code: t.code, name: '另一个', subject: 's', content: 'c' }))).toEqual({ code: '4090', message: '模板编码已存在' })
    const other = await newTemplate()
    expect(refusal(await bench.send(templates.emailTemplateUpdate, { ...other, code: t.code }, { locale: 'en' }))).toEqual({ code: '4090', message: 'The template code already exists' })
    const changed = await bench.ok<EmailTemplate>(templates.emailTemplateUpdate, { ...other, subject: '新主题 {{x}}' })
    expect(changed.placeholders[0]).toBe('x')
    const page = await bench.ok<{ content: EmailTemplate[]; totalElements: number }>(templates.emailTemplateList, { code: t.code })
    expect(page.content.map((r) => r.id)).toEqual([t.id])
    await bench.ok(templates.emailTemplateDelete, { id: t.id })
    expect(refusal(await bench.send(templates.emailTemplateGet, { id: t.id }))).toEqual({ code: '4040', message: '邮件模板不存在' })
    expect(refusal(await bench.send(templates.emailTemplateDelete, { id: t.id })).code).toBe('4040')
  })

  it('checks channel code, name, type, load limit, IP whitelist, secret, expiry, old-secret minutes and retries', async () => {
    expect(fieldKeys(await bench.send(channels.channelCreate, { code: 'a-b', name: 'ab', channelType: 'fax', loadLimit: '-2', ipWhitelist: '10.0.0.1, 300.1.1.1', retryNum: '0', retryInterval: '1.5' }))).toEqual({
      code: 'msg_channel_code_rule',
      name: 'msg_channel_name_rule',
      channelType: 'msg_channel_type_required',
      loadLimit: 'msg_channel_load_limit_rule',
      ipWhitelist: 'msg_channel_ip_rule',
      retryNum: 'msg_channel_retry_num_rule',
      retryInterval: 'msg_channel_retry_interval_rule',
    })
    expect(fieldKeys(await bench.send(channels.channelCreate, channelInput({ code: 'x'.repeat(51), name: '', secret: 'short', secretExpireTime: '2026-02-30', oldSecretValidMinutes: '10081' })))).toEqual({
      code: 'msg_channel_code_rule',
      name: 'msg_channel_name_required',
      secret: 'msg_channel_secret_rule',
      secretExpireTime: 'msg_channel_expire_rule',
      oldSecretValidMinutes: 'msg_channel_old_secret_rule',
    })
    const unlimited = await newChannel({ loadLimit: '', ipWhitelist: '10.0.0.1\n192.168.0.0/16; ::1' })
    expect(unlimited).toMatchObject({ loadLimit: -1, ipWhitelist: ['10.0.0.1', '192.168.0.0/16', '::1'], retryNum: 3, retryInterval: 60, secretSet: false })
    expect((await newChannel({ loadLimit: '-1' })).loadLimit).toBe(-1)
    expect((await newChannel({ loadLimit: '5000' })).loadLimit).toBe(5000)
  })

  it('refuses duplicate channel code and name, saying which', async () => {
    const c = await newChannel()
    expect(refusal(await bench.send(channels.channelCreate, channelInput({ code: c.code })))).toEqual({ code: '4090', message: '渠道编码已存在' })
    expect(refusal(await bench.send(channels.channelCreate, channelInput({ name: c.name })))).toEqual({ code: '4090', message: '渠道名称已存在' })
    const other = await newChannel()
    expect(refusal(await bench.send(channels.channelUpdate, { ...other, name: c.name }, { locale: 'en' }))).toEqual({ code: '4090', message: 'The channel name already exists' })
    expect(refusal(await bench.send(channels.channelGet, { id: 'missing' }))).toEqual({ code: '4040', message: '渠道不存在' })
  })

  it('keeps one default channel, which cannot be deleted', async () => {
    const first = await newChannel({ isDefault: '1' })
    const second = await newChannel({ isDefault: '1' })
    expect((await bench.ok<Channel>(channels.channelGet, { id: first.id })).isDefault).toBe('0')
    expect(refusal(await bench.send(channels.channelDelete, { id: second.id }))).toEqual({ code: '4090', message: '默认渠道不能删除' })
    await bench.ok(channels.channelUpdate, { ...first, isDefault: '1' })
    expect((await bench.ok<Channel>(channels.channelGet, { id: second.id })).isDefault).toBe('0')
    await bench.ok(channels.channelDelete, { id: second.id })
    expect(refusal(await bench.send(channels.channelGet, { id: second.id })).code).toBe('4040')
  })

  it('stores the secret encrypted, never answers it, and keeps a replaced one valid for the old-secret minutes', async () => {
    const secret = 'Chan#Secret-01'
    const c = await newChannel({ secret, secretExpireTime: '2030-12-31', oldSecretValidMinutes: '30' })
    expect(c).toMatchObject({ secretSet: true, secretExpireTime: '2030-12-31', oldSecretValidMinutes: 30, oldSecretValidUntil: '' })
    const row = () => messagingDb(bench.hub.store.db).selectFrom('msg_channels').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow()
    const first = await row()
    expect(first.secret_secret).toMatch(/^v1:/)
    for (const answer of [await bench.send(channels.channelGet, { id: c.id }), await bench.send(channels.channelList, { code: c.code }), await bench.send(channels.channelUpdate, { ...c, secret: '' })]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret)
    }
    expect((await row()).secret_secret).toBe(first.secret_secret)
    const before = Date.now()
    const rotated = await bench.ok<Channel>(channels.channelUpdate, { ...c, secret: 'Chan#Secret-02' })
    const until = Date.parse(rotated.oldSecretValidUntil)
    expect(until - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000)
    expect(until - before).toBeLessThan(30 * 60_000 + 5000)
    const after = await row()
    expect(after.old_secret_secret).toBe(first.secret_secret)
    expect(after.secret_secret).not.toBe(first.secret_secret)
  })
})
