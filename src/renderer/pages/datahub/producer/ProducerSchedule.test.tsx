// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../../i18n'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeProducer, makeRun, makeTopic, pinTimeZone } from '../../../test/datahub'
import { fail, installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { rowFromTopic } from '../flow/flowRow'
import { ProducerDialog } from './ProducerDialog'

// The operator works in Shanghai; the hub schedules in London (HUB_TIMEZONE): eight hours apart in November.
let restoreZone: () => void
beforeEach(() => {
  restoreZone = pinTimeZone('Asia/Shanghai')
  referenceStore.set({ dictionaries: datahubDictionaries })
})
afterEach(async () => {
  restoreZone()
  await resetState()
})

const topic = rowFromTopic(makeTopic()).topic
const stored = {
  ...makeProducer({ status: '0', productionMode: 'http', requestStrategy: '1', weeks: '1', amHours: '08', minutes: '00' }),
  remark: '',
  alarm: '',
  httpRequestInfoModel: { requestType: 'GET', requestApi: 'https://api.example.com/orders', httpParamsModel: { url: 'https://api.example.com/orders', method: 'GET', params: [] } },
}
type Fields = { requestStrategy: string; pollingInterval: string; pollingStartTime: string }
/** A hub's preview: polling every N minutes from 08:00 UTC on 26 November; `refuse` says which schedules never fire. */
const previewOf = (refuse: (f: Fields) => boolean) => (input: unknown) => {
  const f = input as Fields
  if (refuse(f) || !/^[1-9]\d*$/.test(f.pollingInterval)) return fail('4001', '该调度永远不会触发：请选择星期、小时和分钟，或填写轮询间隔')
  const step = Number(f.pollingInterval) * 60_000
  const fires = Array.from({ length: 5 }, (_, i) => new Date(Date.UTC(2026, 10, 26, 8, 0) + i * step).toISOString())
  return ok({ timeZone: 'Europe/London', fires })
}
const previews = (bridge: ReturnType<typeof installFakeBridge>) => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.producer.schedulePreview').map((c) => c.input as Fields)
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement

describe('producer schedule: next fires', () => {
  it('polling: the next five fires of the schedule as edited, in the operator’s language and zone, with the hub’s clock beside them', async () => {
    const bridge = installFakeBridge({ hub: { 'datahub.producer.get': ok(stored), 'datahub.producer.schedulePreview': previewOf(() => false) } })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect(field('应用编码').value).toBe('erp'))
    await user.click(screen.getByRole('radio', { name: '轮询' }))
    await user.type(field('轮询间隔'), '15')
    fireEvent.change(field('轮询开始时间'), { target: { value: '2026-12-01T09:30' } })

    const fires = await screen.findByRole('list', { name: '接下来的触发时间' })
    await waitFor(() => expect(within(fires).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '2026年11月26日周四 16:00（数据中心时间 2026年11月26日周四 08:00）',
      '2026年11月26日周四 16:15（数据中心时间 2026年11月26日周四 08:15）',
      '2026年11月26日周四 16:30（数据中心时间 2026年11月26日周四 08:30）',
      '2026年11月26日周四 16:45（数据中心时间 2026年11月26日周四 08:45）',
      '2026年11月26日周四 17:00（数据中心时间 2026年11月26日周四 09:00）',
    ]))
    // The hub was asked for the schedule on screen, start included.
    expect(previews(bridge).at(-1)).toMatchObject({ requestStrategy: '2', pollingInterval: '15', intervalUnit: '1', pollingStartTime: '2026-12-01T09:30' })
    expect(screen.getByText('时间为您所在时区（Asia/Shanghai）；数据中心按 Europe/London 时区调度')).toBeTruthy()
    // The start is read by the hub's clock: the field says whose.
    expect(screen.getByText('按数据中心时区（Europe/London）填写')).toBeTruthy()

    // In English, the same instants in English.
    await act(() => i18n.changeLanguage('en'))
    const english = await screen.findByRole('list', { name: 'Next fires' })
    expect(within(english).getAllByRole('listitem')[0]!.textContent).toBe('Thu, Nov 26, 2026, 16:00(hub time Thu, Nov 26, 2026, 08:00)')
  })

  it('a schedule the hub says never fires: its refusal in place, and the save is not sent until the schedule fires', async () => {
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.get': ok(stored),
        // A rule only the hub knows: five minutes never fires here.
        'datahub.producer.schedulePreview': previewOf((f) => f.pollingInterval === '5'),
        'datahub.producer.update': (input) => ok({ ...stored, ...(input as object), version: 2 }),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect(field('应用编码').value).toBe('erp'))
    await user.click(screen.getByRole('radio', { name: '轮询' }))
    await user.type(field('轮询间隔'), '5')
    const refusal = '该调度永远不会触发：请选择星期、小时和分钟，或填写轮询间隔'
    // Under the widget; once a save is refused for it, above the buttons too.
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([refusal]))
    expect(screen.queryByRole('list', { name: '接下来的触发时间' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([refusal, refusal]))
    expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.producer.update')).toBe(false)

    await user.type(field('轮询间隔'), '0')
    await screen.findByRole('list', { name: '接下来的触发时间' })
    expect(screen.queryAllByRole('alert')).toEqual([])
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.producer.update')?.input).toMatchObject({ requestStrategy: '2', pollingInterval: '50' }))
  })

  it('an enabled producer, opened to view: its runs tab still runs it now (an act, not an edit)', async () => {
    const enabled = { ...stored, status: '1' }
    const bridge = installFakeBridge({
      hub: {
        'datahub.producer.get': ok(enabled),
        'datahub.producer.schedulePreview': previewOf(() => false),
        'datahub.producer.runs': ok({ content: [], totalElements: 0 }),
        'datahub.producer.runNow': ok(makeRun({ state: 'running', trigger: 'manual' })),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<ProducerDialog topic={topic} producerId="p1" viewOnly onClose={() => {}} onSaved={() => {}} />)
    await waitFor(() => expect(field('应用编码').value).toBe('erp'))
    await user.click(screen.getByRole('tab', { name: '运行记录' }))
    await screen.findByText('暂无运行记录')
    await user.click(screen.getByRole('button', { name: '立即运行' }))
    await waitFor(() => expect(bridge.hubCalls().filter((c) => c.endpoint === 'datahub.producer.runNow').map((c) => c.input)).toEqual([{ id: 'p1' }]))
  })
})
