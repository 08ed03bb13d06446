import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { roleCreate, roleQuery, roleUpdate, type Role } from '../../../src/shared/contract/platform/admin/roles'
import { employeeQuery, type Employee } from '../../../src/shared/contract/platform/admin/users'
import { dictionaryTypeQuery, type DictionaryType } from '../../../src/shared/contract/platform/config/dictionaryTypes'
import { parameterQuery, type ParameterRow } from '../../../src/shared/contract/platform/config/parameters'
import { connect } from '../../../src/hub/store/connect'
import { migrationProvider } from '../../../src/hub/store/migrations'
import { openTestHub, signIn, call, type TestHub } from '../../support/hub'
import { describeEachStore, storeTargets, type StoreLocation } from '../../support/stores'
import { freshLetters } from './support'

const targets = await storeTargets()

/**
 * Seeded rows shown by name carry an English name (migration 0014): a store made before it —
 * here a fresh store taken back one step, its seeded rows in Chinese only — gets the English
 * names when a new hub opens it, except on rows someone renamed; rows people created keep
 * their one name.
 */
describeEachStore(targets, 'English names of seeded rows', (target) => {
  let location: StoreLocation
  let hub: TestHub
  let admin: string
  let ownRoleCode: string

  beforeAll(async () => {
    location = await target.create()
    // An older hub's store: every step before 0014, the seed, a renamed and a created role.
    const first = await openTestHub(location)
    const token = await signIn(first.app)
    ownRoleCode = freshLetters('own')
    await call(first.app, roleCreate, { roleCode: ownRoleCode, roleName: '审计员', roleType: '', status: '1' }, { token })
    await first.close()
    const { db } = connect(location)
    const back = await new Migrator({ db: db as Kysely<unknown>, provider: migrationProvider }).migrateTo('0013_file_locations')
    expect(back.error).toBeUndefined()
    await db.updateTable('parameters').set({ parameter_name: '我们的语言' } as never).where('parameter_key', '=', 'lang.locale').execute()
    await db.destroy()

    hub = await openTestHub(location)
    admin = await signIn(hub.app)
  })
  afterAll(async () => {
    await hub?.close()
    await location?.cleanup()
  })

  const ok = async <T>(answer: Promise<{ body: { code: string; data?: unknown } }>): Promise<T> => {
    const { body } = await answer
    expect(body.code).toBe('2000')
    return body.data as T
  }
  const roles = async () => (await ok<{ content: Role[] }>(call(hub.app, roleQuery, { pageSize: 100 }, { token: admin }))).content

  it('built-in roles get their English names; a role someone created keeps its one name', async () => {
    const byCode = new Map((await roles()).map((r) => [r.roleCode, r]))
    expect(byCode.get('admin')).toMatchObject({ roleName: '系统管理员', roleNameEn: 'System administrator' })
    expect(byCode.get('user')).toMatchObject({ roleName: '普通用户', roleNameEn: 'Standard user' })
    expect(byCode.get(ownRoleCode)).toMatchObject({ roleName: '审计员', roleNameEn: '' })
    // The user list shows the admin's roles by either name.
    const users = (await ok<{ content: Employee[] }>(call(hub.app, employeeQuery, { username: 'admin' }, { token: admin }))).content
    expect(users.find((u) => u.username === 'admin')).toMatchObject({ roleNames: ['系统管理员'], roleNamesEn: ['System administrator'] })
  })

  it('parameters and dictionaries get theirs, except a row someone renamed', async () => {
    const params = new Map((await ok<{ content: ParameterRow[] }>(call(hub.app, parameterQuery, { pageSize: 100 }, { token: admin }))).content.map((p) => [p.parameterKey, p]))
    expect(params.get('theme.color')).toMatchObject({ parameterName: '外观颜色', parameterNameEn: 'Appearance colour' })
    expect(params.get('lang.locale')).toMatchObject({ parameterName: '我们的语言', parameterNameEn: '' })
    // Seeded by the new hub itself (it did not exist before): both names at once.
    expect(params.get('theme.mode')).toMatchObject({ parameterName: '外观模式', parameterNameEn: 'Appearance mode' })
    const dicts = (await ok<{ content: DictionaryType[] }>(call(hub.app, dictionaryTypeQuery, { dictType: 'sys_status' }, { token: admin }))).content
    expect(dicts.find((d) => d.dictType === 'sys_status')).toMatchObject({ dictName: '状态', dictNameEn: 'Status' })
  })

  it('renaming a built-in role makes the new name its one name in both languages', async () => {
    const user = (await roles()).find((r) => r.roleCode === 'user')!
    const renamed = await ok<Role>(call(hub.app, roleUpdate, { id: user.id, roleCode: 'user', roleName: '员工', roleType: user.roleType, status: user.status }, { token: admin }))
    expect(renamed).toMatchObject({ roleName: '员工', roleNameEn: '' })
  })
})
