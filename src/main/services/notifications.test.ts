import { describe, expect, it } from 'vitest'
import type { HubResult } from '../../shared/envelope'
import { LONG_JOB_MS, notificationFor, notifyLongHubCalls, type OsNotification } from './notifications'

const job = { name: 'SQL 数据预览', ok: true, detail: '操作成功', durationMs: LONG_JOB_MS }

describe('notification for a finished job', () => {
  it('tells about a long job that finished while the window was in the background', () => {
    expect(notificationFor(job, { windowFocused: false, locale: 'zh-CN' })).toEqual({ title: '任务已完成', body: 'SQL 数据预览：操作成功' })
    expect(notificationFor({ ...job, ok: false, detail: 'Timed out' }, { windowFocused: false, locale: 'en' })).toEqual({
      title: 'Job failed',
      body: 'SQL 数据预览: Timed out',
    })
  })

  it('stays quiet when the user is looking at the console or the job was quick', () => {
    expect(notificationFor(job, { windowFocused: true, locale: 'zh-CN' })).toBeNull()
    expect(notificationFor({ ...job, durationMs: LONG_JOB_MS - 1 }, { windowFocused: false, locale: 'zh-CN' })).toBeNull()
  })
})

describe('long hub calls', () => {
  const setup = (result: HubResult<unknown>, took: number, focused = false, show?: (n: OsNotification) => void) => {
    const shown: OsNotification[] = []
    let t = 1000
    const call = notifyLongHubCalls(
      async () => {
        t += took
        return result
      },
      { isWindowFocused: () => focused, locale: () => 'zh-CN', show: show ?? ((n) => shown.push(n)), now: () => t },
    )
    return { call, shown }
  }

  it('notify when a long call finishes in the background, and pass the answer through', async () => {
    const answer: HubResult<unknown> = { ok: true, data: [1, 2], message: '操作成功' }
    const { call, shown } = setup(answer, 12_000)
    await expect(call({ endpoint: 'datahub.datasource.test' })).resolves.toBe(answer)
    expect(shown).toEqual([{ title: '任务已完成', body: '数据源连接测试：操作成功' }])
  })

  it('name other calls "a hub request"', async () => {
    const { call, shown } = setup({ ok: false, code: '5000', message: '系统错误' }, 30_000)
    await call({ endpoint: 'datahub.topic.update' })
    expect(shown).toEqual([{ title: '任务失败', body: '数据中心请求：系统错误' }])
  })

  it('say nothing for quick calls, focused windows or cancelled calls', async () => {
    for (const s of [
      setup({ ok: true, data: null, message: '' }, 200),
      setup({ ok: true, data: null, message: '' }, 20_000, true),
      setup({ ok: false, code: '5040', message: 'cancelled' }, 20_000),
    ]) {
      await s.call({ endpoint: 'x' })
      expect(s.shown).toEqual([])
    }
  })

  it('still answer when the OS refuses the notification', async () => {
    const { call } = setup({ ok: false, code: '5000', message: '系统错误' }, 20_000, false, () => {
      throw new Error('notifications not supported')
    })
    await expect(call({ endpoint: 'x' })).resolves.toMatchObject({ ok: false, code: '5000' })
  })
})
