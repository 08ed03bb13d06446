// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onSignal, type ToastSignal } from '../../../../api/signals'
import { i18n } from '../../../../i18n'
import { makeRun, pinTimeZone } from '../../../../test/datahub'
import { fail, installFakeBridge, ok } from '../../../../test/fakeBridge'
import { renderWithProviders } from '../../../../test/render'
import { resetState } from '../../../../test/resetState'
import { ProducerRunsPanel } from './ProducerRunsPanel'

let restoreZone: () => void
beforeEach(() => {
  restoreZone = pinTimeZone('Asia/Shanghai')
})
afterEach(async () => {
  restoreZone()
  await resetState()
})

const page = (runs: unknown[]) => ok({ content: runs, totalElements: runs.length })
const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))
const collectToasts = () => {
  const toasts: ToastSignal[] = []
  return { toasts, off: onSignal('toast', (t) => toasts.push(t)) }
}

describe('run history', () => {
  it('shows each run’s state, trigger, times, duration, counts and error, and links to its messages', async () => {
    installFakeBridge({
      hub: {
        'datahub.producer.runs': page([
          makeRun({ id: 'r2', trigger: 'manual', state: 'failed', plannedAt: '2026-11-26T09:00:00.000Z', startedAt: '2026-11-26T09:00:00.400Z', durationMs: 185_000, rowsRead: 3, messagesAccepted: 1, messagesRefused: 0, error: 'HTTP 503 from the source' }),
          makeRun(),
        ]),
      },
    })
    renderWithProviders(<ProducerRunsPanel producerId="p1" />)
    const table = await screen.findByRole('table', { name: '运行记录' })
    await waitFor(() => expect(rowTexts(table)).toHaveLength(2))
    expect(rowTexts(table)).toEqual([
      ['失败', '立即运行', '2026/11/26 17:00:00', '2026/11/26 17:00:00', '3 分 5 秒', '3', '1', '0', 'HTTP 503 from the source', '查看消息'],
      ['成功', '按调度', '2026/11/26 16:00:00', '2026/11/26 16:00:01', '13 秒', '40', '38', '2', '', '查看消息'],
    ])
    const link = within(table).getByRole('link', { name: '查看 2026/11/26 16:00:00 这次运行的消息' })
    expect(link.getAttribute('href')).toBe('/datahub/message-log?runId=r1&topicCode=orders')
  })

  it('says why a paged run stopped asking for pages, in both languages', async () => {
    installFakeBridge({ hub: { 'datahub.producer.runs': page([makeRun({ id: 'r3', pagingStop: 'repeat' }), makeRun({ id: 'r4', pagingStop: 'next' })]) } })
    renderWithProviders(<ProducerRunsPanel producerId="p1" />)
    const table = await screen.findByRole('table', { name: '运行记录' })
    await waitFor(() => expect(rowTexts(table).map((r) => r[8])).toEqual(['分页结束：与上一页相同（未重复提交）', '分页结束：响应表示没有下一页']))
    await act(async () => {
      await i18n.changeLanguage('en')
    })
    expect(rowTexts(screen.getByRole('table', { name: 'Runs' })).map((r) => r[8])).toEqual(['Paging stopped: a page identical to the one before (not committed again)', 'Paging stopped: the response said there is no next page'])
  })

  it('keeps its note on stopping', async () => {
    installFakeBridge({ hub: { 'datahub.producer.runs': page([makeRun()]) } })
    renderWithProviders(<ProducerRunsPanel producerId="p1" />)
    await screen.findByRole('table', { name: '运行记录' })
    // Where the operator stops runs, the panel says what stopping does.
    expect(screen.getByText(/正在进行的运行会在当前批次完成后停止，已保存的数据会保留/)).toBeTruthy()
  })

  it('run now: the new run appears and is followed while it runs; the hub’s refusal is a toast', async () => {
    let runs = [makeRun()]
    let asked = 0
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.runs': () => {
          asked++
          return page(runs)
        },
        'datahub.producer.runNow': () => {
          const started = makeRun({ id: 'r2', trigger: 'manual', state: 'running', plannedAt: '2026-11-26T10:00:00.000Z', finishedAt: null, durationMs: null, rowsRead: 10, messagesAccepted: 10, messagesRefused: 0 })
          runs = [started, ...runs]
          return ok(started)
        },
      },
    })
    const { toasts, off } = collectToasts()
    try {
      const user = userEvent.setup()
      renderWithProviders(<ProducerRunsPanel producerId="p1" />)
      const table = await screen.findByRole('table', { name: '运行记录' })
      await waitFor(() => expect(rowTexts(table)).toHaveLength(1))
      await user.click(screen.getByRole('button', { name: '立即运行' }))
      await waitFor(() => expect(rowTexts(table)[0]!.slice(0, 2)).toEqual(['运行中', '立即运行']))
      expect(rowTexts(table)[0]![4]).toBe('进行中')
      expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.producer.runNow')?.input).toEqual({ id: 'p1' })
      expect(toasts.map((t) => t.message)).toContain('已开始运行')

      // While it runs the list asks again by itself: the run's counts grow, then it ends.
      const before = asked
      runs = [{ ...runs[0]!, rowsRead: 25, messagesAccepted: 24, messagesRefused: 1, state: 'succeeded', finishedAt: '2026-11-26T10:00:05.000Z', durationMs: 5000 }, ...runs.slice(1)]
      await waitFor(() => expect(rowTexts(table)[0]!.slice(0, 8)).toEqual(['成功', '立即运行', '2026/11/26 18:00:00', '2026/11/26 16:00:01', '5 秒', '25', '24', '1']))
      expect(asked).toBeGreaterThan(before)

      // A second "run now" while one is in progress: the hub refuses, the refusal is shown as refusals are.
      bridge.hub['datahub.producer.runNow'] = fail('4090', '该生产者有一次运行正在进行，请等待其结束')
      await user.click(screen.getByRole('button', { name: '立即运行' }))
      await waitFor(() => expect(toasts.some((t) => t.intent === 'error' && t.message === '该生产者有一次运行正在进行，请等待其结束')).toBe(true))
      expect(rowTexts(table)).toHaveLength(2)
    } finally {
      off()
    }
  })
})
