// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { referenceStore } from '../../../state/reference'
import { datahubDictionaries, makeApplication, makeConsumer, makeTopic } from '../../../test/datahub'
import { fail, installFakeBridge, ok, type FakeBridge } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { rowFromTopic } from '../flow/flowRow'
import { ConsumerDialog } from './ConsumerDialog'

beforeEach(() => referenceStore.set({ dictionaries: datahubDictionaries }))
afterEach(resetState)

const topic = rowFromTopic(makeTopic()).topic
const application = (code: string, appType: string) => makeApplication(code, appType, code.toUpperCase())
/** The hub's answers: internal crm and erp, external partner; only crm and partner have a route. */
const paths: Record<string, string> = { 'crm/0': '/inner/crm', 'partner/1': '/outer/partner' }
const hub = {
  'platform.application.listAll': (q: unknown) =>
    ok((q as { appType: string }).appType === '0' ? [application('crm', '0'), application('erp', '0')] : [application('partner', '1')]),
  'datahub.consumer.getApiPath': (q: unknown) => {
    const { appCode, type } = q as { appCode: string; type: string }
    return appCode === 'gone' ? fail('4040', '应用不存在') : ok({ path: paths[`${appCode}/${type}`] ?? '' })
  },
  'datahub.consumer.create': (i: unknown) => ok({ ...makeConsumer(), ...(i as object), id: 'c9', version: 1 }),
  'datahub.topic.detail': ok({ dhProducer: null }),
}
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement
const lookups = (bridge: FakeBridge) => bridge.hubCalls().filter((c) => c.endpoint === 'datahub.consumer.getApiPath').map((c) => c.input)

function open() {
  const bridge = installFakeBridge({ hub })
  renderWithProviders(<ConsumerDialog topic={topic} viewOnly={false} onClose={() => {}} onSaved={() => {}} />)
  return { bridge, user: userEvent.setup() }
}

/** Picks the application once its option is listed; the request URI then reads `uri`. */
async function pickApp(user: ReturnType<typeof userEvent.setup>, option: string, code: string, uri: string) {
  await screen.findByRole('option', { name: option })
  await user.selectOptions(field('应用编码'), code)
  await waitFor(() => expect(field('请求地址').value).toBe(uri))
}

describe('consumer editor: the application API path', () => {
  it("picking an internal application fills the http consumer's empty request URI with its path, and it is saved", async () => {
    const { bridge, user } = open()
    await user.selectOptions(field('消费方式'), 'http')
    await pickApp(user, 'CRM (crm)', 'crm', '/inner/crm')
    expect(screen.getByText('应用的内部接口路径：/inner/crm（请求地址为空时已填入）')).toBeTruthy()
    expect(lookups(bridge)).toEqual([{ appCode: 'crm', type: '0' }])
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(bridge.hubCalls().some((c) => c.endpoint === 'datahub.consumer.create')).toBe(true))
    expect(bridge.hubCalls().find((c) => c.endpoint === 'datahub.consumer.create')!.input).toMatchObject({
      applicationCode: 'crm',
      applicationName: 'CRM',
      httpRequestInfoModel: { requestUri: '/inner/crm' },
    })
  })

  it('keeps a URI the operator typed, follows the application with one it filled itself, and says when the application has no route', async () => {
    const { user } = open()
    await screen.findByRole('option', { name: 'CRM (crm)' })
    // Application first, consume type after: the new http settings start with the path found.
    await user.selectOptions(field('应用编码'), 'crm')
    await user.selectOptions(field('消费方式'), 'http')
    await waitFor(() => expect(field('请求地址').value).toBe('/inner/crm'))
    // erp has no internal route: crm's path, filled in by the lookup, does not stay behind.
    await user.selectOptions(field('应用编码'), 'erp')
    expect(await screen.findByText('该应用没有启用的内部网关路由，请手动填写请求地址')).toBeTruthy()
    expect(field('请求地址').value).toBe('')
    // Typed by the operator: kept when an application with a path is picked.
    await user.click(field('请求地址'))
    await user.paste('https://crm.example.com/in')
    await user.selectOptions(field('应用编码'), 'crm')
    expect(await screen.findByText(/应用的内部接口路径：\/inner\/crm/)).toBeTruthy()
    expect(field('请求地址').value).toBe('https://crm.example.com/in')
  })

  it('an external application: the external path; a refused lookup shows its message and fills nothing', async () => {
    const { bridge, user } = open()
    await user.selectOptions(field('消费方式'), 'http')
    await user.click(screen.getByRole('radio', { name: '外部应用' }))
    await pickApp(user, 'PARTNER (partner)', 'partner', '/outer/partner')
    expect(screen.getByText('应用的外部接口路径：/outer/partner（请求地址为空时已填入）')).toBeTruthy()
    expect(lookups(bridge)).toEqual([{ appCode: 'partner', type: '1' }])
    // Another type clears the application and the lookup's line.
    await user.click(screen.getByRole('radio', { name: '内部应用' }))
    expect(field('应用编码').value).toBe('')
    expect(screen.queryByText(/接口路径：/)).toBeNull()
    bridge.hub['platform.application.listAll'] = ok([application('gone', '0')])
    await user.click(screen.getByRole('radio', { name: '外部应用' }))
    await user.click(screen.getByRole('radio', { name: '内部应用' }))
    await user.clear(field('请求地址'))
    await pickApp(user, 'GONE (gone)', 'gone', '')
    expect(await screen.findByText('未能查询应用的接口路径：应用不存在')).toBeTruthy()
  })

  it('a serverApi consumer shows its fixed pull address with how the application authenticates and confirms', async () => {
    const { user } = open()
    await user.selectOptions(field('消费方式'), 'serverApi')
    expect(field('服务端接口地址').value).toBe('/consumer/serverApi')
    expect(screen.getByText(/X-App-Code、X-App-Secret/)).toBeTruthy()
  })
})
