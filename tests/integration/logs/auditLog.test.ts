import * as XLSX from 'xlsx'
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as consumerApi from '../../../src/shared/contract/datahub/consumer'
import type { Consumer } from '../../../src/shared/contract/datahub/consumer'
import { parameterCreate, parameterUpdate, type ParameterRow } from '../../../src/shared/contract/platform/config/parameters'
import { employeeCreate } from '../../../src/shared/contract/platform/admin/users'
import { auditLogExport, auditLogList, type AuditEntry } from '../../../src/shared/contract/platform/logs'
import { login } from '../../../src/shared/contract/platform/session'
import type { Paged } from '../../../src/shared/contract/paging'
import { resolvePath } from '../../../src/shared/endpoint'
import { allEndpoints } from '../../../src/shared/contract'
import { CHANGING_GETS, READING_POSTS } from '../../../src/hub/logs/auditTrail'
import { addUser, call, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { freshCode, openBench, type Bench } from '../datahub/support'

const targets = await storeTargets()
const DESKTOP = { 'x-datahub-client': 'desktop' }

describeEachStore(targets, 'audit log', (target) => {
  let b: Bench
  const audit = (input: object) => b.ok<Paged<AuditEntry>>(auditLogList, input)
  beforeAll(async () => {
    b = await openBench(target)
  })
  afterAll(async () => {
    await b?.close()
  })

  it('keeps a consumer edit with its diff as the version history has it, the user, the client address and desktop', async () => {
    const t = await b.topic()
    const c = await b.consumer(t.code, { remark: 'first' })
    const answer = await call<Consumer>(b.hub.app, consumerApi.consumerUpdate, { id: c.id, version: c.version, remark: 'second' }, { token: b.admin, headers: DESKTOP })
    expect(answer.body.code).toBe('2000')
    const { content } = await audit({ object: c.id, action: 'datahub.consumer.update' })
    expect(content).toHaveLength(1)
    const entry = content[0]!
    expect(entry).toMatchObject({ username: 'admin', address: '127.0.0.1', channel: 'desktop', outcome: 'success', code: '2000', objectType: 'consumers', objectId: c.id })
    // The version records' content: the consumer as it was, and as it is now.
    expect(JSON.parse(entry.before!)).toMatchObject({ id: c.id, remark: 'first', version: 1 })
    expect(JSON.parse(entry.after!)).toMatchObject({ id: c.id, remark: 'second', version: 2 })
    // The creation is there too, with nothing before; a call without the desktop header came in as API.
    const created = await audit({ object: c.id, action: 'datahub.consumer.create' })
    expect(created.content[0]).toMatchObject({ channel: 'api', before: null, objectType: 'consumers' })
  })

  it('keeps platform administration writes (parameters) with before and after, and never a secret', async () => {
    const key = `p${Date.now().toString(36)}`
    const p = await b.ok<ParameterRow>(parameterCreate, { parameterKey: key, parameterName: 'Batch size', parameterValue: '10', appCode: 'common' })
    await b.ok(parameterUpdate, { ...p, parameterValue: '20' })
    const [update] = (await audit({ object: key, action: 'platform.parameter.update' })).content
    expect(update).toMatchObject({ objectType: 'parameters', objectName: key })
    expect([JSON.parse(update!.before!).parameter_value, JSON.parse(update!.after!).parameter_value]).toEqual(['10', '20'])

    const username = `u${Date.now().toString(36)}`
    await b.ok(employeeCreate, { username, nickName: 'Wang', password: 'Secret#2025x' })
    const [user] = (await audit({ object: username, action: 'platform.employee.create' })).content
    expect(user).toBeDefined()
    const text = JSON.stringify(user)
    expect(text).not.toContain('Secret#2025x')
    expect(text).not.toMatch(/\$argon2/)
  })

  it('keeps sign-ins and refused sign-ins, and refused administrative calls with their code', async () => {
    const name = freshCode('erin')
    await addUser(b.hub.store, { username: name, password: 'Right#2025x', roles: ['user'] })
    const refused = await call(b.hub.app, login, { username: name, password: 'wrong-password' })
    expect(refused.body.code).toBe('4010')
    await signIn(b.hub.app, name, 'Right#2025x')
    const signIns = await audit({ username: name, action: 'platform.login' })
    expect(signIns.content.map((e) => [e.outcome, e.code, e.objectType, e.objectName, e.address])).toEqual([
      ['success', '2000', 'session', name, '127.0.0.1'],
      ['refused', '4010', 'session', name, '127.0.0.1'],
    ])
    expect(signIns.content.every((e) => e.before === null && e.after === null)).toBe(true)

    // A standard user has no permission for consumers: the refusal is kept, with what was asked.
    const token = await signIn(b.hub.app, name, 'Right#2025x')
    const denied = await call(b.hub.app, consumerApi.consumerUpdate, { id: 'x', version: 1, remark: 'hack' }, { token })
    const [entry] = (await audit({ username: name, action: 'datahub.consumer.update' })).content
    // Filed under the same object type as the consumer's changes, so one filter finds both.
    expect(entry).toMatchObject({ outcome: 'refused', code: denied.body.code, objectType: 'consumers', objectId: 'x' })
    expect(JSON.parse(entry!.after!)).toMatchObject({ remark: 'hack' })
  })

  it('searches by object, user and day, paged, newest first', async () => {
    const t = await b.topic()
    let c = await b.consumer(t.code)
    for (const remark of ['a', 'b', 'c']) c = await b.ok<Consumer>(consumerApi.consumerUpdate, { id: c.id, version: c.version, remark })
    const all = await audit({ object: c.id })
    expect(all.totalElements).toBe(4)
    expect(all.content.map((e) => JSON.parse(e.after!).remark ?? '')).toEqual(['c', 'b', 'a', ''])
    expect((await audit({ object: c.id, pageNum: 2, pageSize: 3 })).content).toHaveLength(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await audit({ object: c.id, username: 'admin', timeFrom: today, timeTo: today })).totalElements).toBe(4)
    expect((await audit({ object: c.id, timeTo: '2000-01-01' })).totalElements).toBe(0)
    expect((await audit({ object: c.id, username: 'nobody' })).totalElements).toBe(0)
    expect((await b.send(auditLogList, { timeFrom: '2025-13-45' })).body.code).toBe('4001')
  })

  it('exports the matching entries to an .xlsx whose rows are the entries', async () => {
    const t = await b.topic()
    let c = await b.consumer(t.code)
    c = await b.ok<Consumer>(consumerApi.consumerUpdate, { id: c.id, version: c.version, remark: 'exported' })
    const { path, rest } = resolvePath(auditLogExport, { object: c.id })
    const response = await b.hub.app.inject({ method: 'GET', url: path, query: rest as Record<string, string>, headers: { authorization: `Bearer ${b.admin}`, 'accept-language': 'en' } })
    expect(response.headers['content-type']).toMatch(/spreadsheetml/)
    const book = XLSX.read(response.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]!]!)
    expect(rows.map((r) => [r.Action, r['Object type'], r.User, r['Came in through'], r.Outcome])).toEqual([
      ['datahub.consumer.update', 'consumers', 'admin', 'API', 'Succeeded'],
      ['datahub.consumer.create', 'consumers', 'admin', 'API', 'Succeeded'],
    ])
    expect(JSON.parse(rows[0]!.After!)).toMatchObject({ remark: 'exported' })
  })
})

it('names only endpoints of the contract as reading POST and changing GET calls', () => {
  const byId = new Map(allEndpoints.map((e) => [e.id, e]))
  for (const id of READING_POSTS) expect(byId.get(id)?.method, id).toBe('POST')
  for (const id of CHANGING_GETS) expect(byId.get(id)?.method, id).toBe('GET')
})
