import { afterAll, beforeAll, expect, it } from 'vitest'
import { bundledMessages } from '../../../locales'
import type { MenuItem } from '../../../src/shared/contract/platform/startup'
import { getPreference, me, updateMe } from '../../../src/shared/contract/platform/session'
import * as startup from '../../../src/shared/contract/platform/startup'
import { HUB_VERSION } from '../../../src/hub/version'
import { addUser, call, openTestHub, signIn, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'

const targets = await storeTargets()

const flat = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flat(m.children)])

describeEachStore(targets, 'start-up data', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let admin: string
  let user: string
  const get = async <T>(endpoint: Parameters<typeof call>[1], token: string | null = admin) => {
    const answer = await call<T>(hub.app, endpoint, undefined, { token })
    expect(answer.body.code, `${endpoint.id}: ${answer.body.message}`).toBe('2000')
    return answer.body.data as T
  }

  beforeAll(async () => {
    location = await target.create()
    hub = await openTestHub(location)
    admin = await signIn(hub.app)
    await addUser(hub.store, { username: 'erin', password: 'Erin#Pass1', roles: ['user'] })
    user = await signIn(hub.app, 'erin', 'Erin#Pass1')
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  it('knows who is signed in, and merges preference updates', async () => {
    expect(await get(me)).toMatchObject({ username: 'admin', roles: ['admin'] })
    const updated = await call(hub.app, updateMe, { name: 'Root', preference: { theme: 'dark' } }, { token: admin })
    expect(updated.body.data).toMatchObject({ name: 'Root', preference: { theme: 'dark', locale: 'cn' } })
    await call(hub.app, updateMe, { preference: { locale: 'en' }, avatar: 'avatar.png' }, { token: admin })
    expect(await get(getPreference)).toEqual({ theme: 'dark', locale: 'en' })
    expect(await get(me)).toMatchObject({ name: 'Root', avatar: 'avatar.png' })
  })

  it('describes the product, the portal and the licence state', async () => {
    expect(await get(startup.initData)).toEqual({
      productName: 'DataHub 数据交换平台',
      productNameEn: 'DataHub Data Exchange',
      hubVersion: HUB_VERSION,
      themeSwitch: '1',
      usageInformation: '',
    })
    expect(await get(startup.portal)).toMatchObject({ homePath: '/' })
    expect(await get(startup.getLicese, null)).toEqual({ enforced: false, valid: false, licence: null })
  })

  it('gives the administrator every module of the spec and a normal user only home, the user centre and the approval workbench', async () => {
    const adminMenu = await get<MenuItem[]>(startup.menuList)
    const top = adminMenu.map((m) => m.menuNameEn)
    expect(top).toEqual(['Home', 'Data hub', 'Platform administration', 'User centre', 'Master-data modelling', 'Message centre', 'Alarm centre', 'Knowledge centre', 'Document centre', 'Measurement and reporting', 'Workflow', 'Dashboards'])
    const topic = flat(adminMenu).find((m) => m.permission === 'datahub:topic')!
    expect(topic).toMatchObject({ type: 'menu', appCode: 'datahub', menuNameZh: '消息主题', metaData: '{"keepAlive":false}', clientRouter: { path: '/datahub/topic' } })
    expect(flat(adminMenu).find((m) => m.menuNameEn === 'Users')).toMatchObject({ appCode: 'common', clientRouter: { path: '/platform/user' } })

    const userMenu = await get<MenuItem[]>(startup.menuList, user)
    // The workbench: anyone may be given an approval task or submit a change (issue 19).
    expect(userMenu.map((m) => m.menuNameEn)).toEqual(['Home', 'User centre', 'Workflow'])
    expect(userMenu.find((m) => m.menuNameEn === 'Workflow')?.children.map((c) => c.menuNameEn)).toEqual(['Workbench'])
    expect(flat(userMenu).length).toBeLessThan(flat(adminMenu).length)
    // Siblings come sorted by weight.
    for (const m of flat(adminMenu)) expect(m.children.map((c) => c.weight)).toEqual([...m.children.map((c) => c.weight)].sort((a, b) => a - b))
  })

  it('hides a catalog whose pages the user may not open', async () => {
    const role = await hub.store.db.selectFrom('roles').select('id').where('role_code', '=', 'user').executeTakeFirstOrThrow()
    // The catalog itself, but none of its pages.
    await hub.store.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'datahub' }).execute()
    expect((await get<MenuItem[]>(startup.menuList, user)).map((m) => m.menuNameEn)).toEqual(['Home', 'User centre', 'Workflow'])
    await hub.store.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'datahub:topic' }).execute()
    const menu = await get<MenuItem[]>(startup.menuList, user)
    expect(menu.find((m) => m.menuNameEn === 'Data hub')?.children.map((c) => c.menuNameEn)).toEqual(['Topic flows'])
    await hub.store.db.deleteFrom('role_permissions').where('role_id', '=', role.id).where('permission', 'in', ['datahub', 'datahub:topic']).execute()
  })

  it('lists the permission codes of the user roles', async () => {
    const codes = await get<string[]>(startup.myPermissions)
    expect(codes).toEqual(expect.arrayContaining(['home', 'datahub:topic', 'platform:user', 'usercenter:password', 'dashboard:widget']))
    expect(await get<string[]>(startup.myPermissions, user)).toEqual(['home', 'usercenter', 'usercenter:favourites', 'usercenter:password', 'usercenter:settings', 'workflow', 'workflow:workbench'])
  })

  it('serves every bundled text in both languages', async () => {
    const i18n = await get<{ messages: Record<string, Record<string, string>>; langSwitch: string }>(startup.i18nMessages, null)
    expect(i18n.langSwitch).toBe('1')
    expect(Object.keys(i18n.messages).sort()).toEqual(['cn', 'en'])
    for (const [lang, locale] of [['cn', 'zh-CN'], ['en', 'en']] as const) {
      for (const [key, text] of Object.entries(bundledMessages[locale].messages)) {
        if (typeof text === 'string') expect(i18n.messages[lang]![`messages:${key}`]).toBe(text)
      }
    }
    expect(i18n.messages.cn!['messages:msg_login_fail']).toBe('用户名或密码错误')
  })

  it('lists the dictionaries of the spec, active entries only', async () => {
    type Entry = { dictType: string; dictValue: string; dictLabelEn: string }
    const all = await get<Entry[]>(startup.dictionaryAll)
    const types = new Set(all.map((d) => d.dictType))
    for (const t of ['dh_producer_production_mode', 'dh_system_check_warning', 'dh_distribute_type', 'pf_consumer_type', 'pf_application_type', 'dh_file_name_rule', 'pf_callback_method', 'dh_data_exchange_result_notify_type', 'dh_primary_key_status', 'sys_status', 'pf_request_strategy', 'sys_yes_no', 'dh_pre_processor_type', 'dh_post_processor_type', 'dh_task_time_source', 'pf_producer_interval_units', 'sys_role_status']) {
      expect(types.has(t), t).toBe(true)
    }
    expect(all.filter((d) => d.dictType === 'dh_distribute_type').map((d) => [d.dictValue, d.dictLabelEn])).toEqual([['1', 'Broadcast to all consumers'], ['2', 'Route by key']])
    expect(all.filter((d) => d.dictType === 'pf_consumer_type').map((d) => d.dictValue)).toEqual(['http', 'webservice', 'serverApi', 'dblink', 'excel', 'file', 'mq', 'bigdata'])

    await hub.store.db.updateTable('dictionary_data').set({ status: '0' }).where('dict_type', '=', 'sys_yes_no').where('dict_value', '=', '0').execute()
    const after = await get<Entry[]>(startup.dictionaryAll)
    expect(after.filter((d) => d.dictType === 'sys_yes_no').map((d) => d.dictValue)).toEqual(['1'])
  })

  it('lists parameters, languages and client routes', async () => {
    const params = await get<{ parameterKey: string; parameterValue: string }[]>(startup.parameterListAll, null)
    expect(Object.fromEntries(params.map((p) => [p.parameterKey, p.parameterValue]))).toEqual({
      'theme.color': '#4DA1FF', 'theme.mode': 'system', 'lang.locale': 'cn', 'error.log': '0', 'user.link.model': '1', sso: '0', appsso: '0',
      'audit.keepDays': '365', 'log.keepDays': '30',
    })
    const langs = await get<{ code: string; isDefault: boolean; status: string }[]>(startup.langTypeQueryUsed, null)
    expect(langs.map((l) => [l.code, l.isDefault, l.status])).toEqual([['cn', true, '1'], ['en', false, '1']])
    const routers = await get<{ name: string; path: string; appCode: string }[]>(startup.clientRouterListAll)
    expect(routers.find((r) => r.name === 'RoleResAuthList')).toMatchObject({ path: '/platform/role/auth', appCode: 'common' })
    expect(routers.find((r) => r.name === 'LicenseList')).toBeTruthy()
  })

  it('keeps pushed behaviour events with the user who sent them (client errors only while error.log is 1: tests/integration/logs)', async () => {
    const events = [{ type: 'click', info: 'menu', url: '/datahub/topic', time: '2025-01-01 10:00:00' }, { type: 'error', err: 'TypeError', vm: 'TopicList', time: '2025-01-01 10:00:01' }]
    expect((await call(hub.app, startup.pushData, events, { token: user })).body.code).toBe('2000')
    const rows = await hub.store.db.selectFrom('behaviour_events').innerJoin('users', 'users.id', 'behaviour_events.user_id').select(['users.username', 'type', 'err']).orderBy('time').execute()
    expect(rows).toEqual([{ username: 'erin', type: 'click', err: null }])
  })

  it('reports its health without a session', async () => {
    const health = await get<{ version: string; store: string; uptimeSeconds: number }>(startup.health, null)
    expect(health).toMatchObject({ version: HUB_VERSION, store: target.name })
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0)
  })
})
