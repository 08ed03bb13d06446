import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signToken } from '../../src/hub/auth/sso/appToken'
import { AUTHENTICATION_PERMISSION, authenticationCreate, type Authentication } from '../../src/shared/contract/datahub/authentication'
import { DATASOURCE_PERMISSION, datasourceCreate, type DataSource } from '../../src/shared/contract/datahub/dataSources'
import { TOPIC_PERMISSION } from '../../src/shared/contract/datahub/permissions'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import { GATEWAY_EXTERNAL_PERMISSION, GATEWAY_INTERNAL_PERMISSION } from '../../src/shared/contract/platform/apps/permissions'
import { DICTIONARY_DATA_PERMISSION, DICTIONARY_TYPE_PERMISSION, PARAMETER_PERMISSION } from '../../src/shared/contract/platform/config/permissions'
import { identityProviderCreate } from '../../src/shared/contract/platform/identityProviders'
import { SYS_AUTH_PERMISSION } from '../../src/shared/contract/platform/messaging/permissions'
import { sysAuthCreate } from '../../src/shared/contract/platform/messaging/sysAuthentication'
import { ssoTokenLogin } from '../../src/shared/contract/platform/sso'
import type { PromotionDocument } from '../../src/shared/contract/promotion/document'
import { PROMOTION_PERMISSION, promotionApply, promotionCatalog, promotionExport, promotionPlan, type PromotionCatalog } from '../../src/shared/contract/promotion/endpoints'
import { refusal } from '../support/bench'
import { addUser, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'
import { freshLetters } from '../integration/admin/support'
import { freshCode, openBench, type Bench } from '../integration/datahub/support'

/**
 * Issue 31, finding #1: datahub:promotion opens the promotion calls, not every editor. A user
 * holding only it planted a system authentication with a secret of its choosing, switched
 * `appsso` on and signed in as admin with a forged /ssoTokenLogin; planted an anonymous external
 * gateway route. Plan and apply now need, per object the document carries, the permission its
 * editor's endpoint declares: 4031 naming it, nothing written. An administrator, and a holder of
 * those permissions, still apply the same document.
 */
const targets = await storeTargets()
const PASSWORD = 'Promo#Pass1'
const missing = (permission: string) => ({ code: '4031', message: `此操作需要权限 ${permission}，您没有该权限` })

let serial = 0
const username = () => `p${Date.now().toString(36)}${(serial++).toString(36)}`
const suffix = () => randomBytes(4).toString('hex').replace(/\d/g, 'x')

describeEachStore(targets, 'promotion needs the permissions of what it imports (issue 31 #1)', (target) => {
  let bench: Bench

  beforeAll(async () => {
    bench = await openBench(target)
    // A trusted application the hub knows of: its secret is the application's, not the attacker's.
    await bench.ok(sysAuthCreate, { appCode: 'portal', name: 'Portal' })
    await bench.ok(identityProviderCreate, { kind: 'app', name: 'Portal tokens', appCode: 'portal', matchBy: 'username' })
  })
  afterAll(async () => bench?.close())

  /** A signed-in user whose only role carries `codes` (made by the administrator). */
  const holder = async (codes: string[]) => {
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('p'), roleName: '迁移' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: codes })
    const name = username()
    const id = await addUser(bench.hub.store, { username: name, password: PASSWORD, roles: [] })
    await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    return signIn(bench.hub.app, name, PASSWORD)
  }
  const catalog = () => bench.ok<PromotionCatalog>(promotionCatalog)
  const secretHash = async () => (await bench.hub.store.db.withTables<{ sys_authentications: { app_code: string; secret_hash: string } }>().selectFrom('sys_authentications').select('secret_hash').where('app_code', '=', 'portal').executeTakeFirstOrThrow()).secret_hash
  const parameter = async (key: string) => (await bench.hub.store.db.selectFrom('parameters').select('parameter_value').where('parameter_key', '=', key).executeTakeFirst())?.parameter_value
  const forgedAdminLogin = (secret: string) => {
    const timestamp = String(Date.now())
    return bench.send(ssoTokenLogin, { uid: 'admin', timestamp, token: signToken(secret, 'admin', timestamp) }, { token: null })
  }

  const chosen = 'attacker-chosen-secret'
  const ssoDocument = {
    formatVersion: 1,
    systemAuthentications: [{ appCode: 'portal', name: 'Portal', tokenType: '1', tokenValidity: 3600, status: '1', remark: '', secret: { $secret: 'portal.secret' } }],
    parameters: [{ parameterKey: 'appsso', parameterName: '应用单点登录', parameterValue: '1', appCode: 'common' }],
  }
  const ssoValues = { 'portal.secret': chosen }

  it('refuses a system authentication and appsso to datahub:promotion alone: no forged sign-in as admin', async () => {
    const before = await secretHash()
    const token = await holder([PROMOTION_PERMISSION])
    for (const endpoint of [promotionPlan, promotionApply]) {
      expect(refusal(await bench.send(endpoint, { document: ssoDocument, values: ssoValues }, { token }))).toEqual(missing(SYS_AUTH_PERMISSION))
    }
    // With the system authentication's permission, the parameter's is still missing.
    const half = await holder([PROMOTION_PERMISSION, SYS_AUTH_PERMISSION])
    expect(refusal(await bench.send(promotionApply, { document: ssoDocument, values: ssoValues }, { token: half }))).toEqual(missing(PARAMETER_PERMISSION))

    expect(await secretHash()).toBe(before)
    expect(await parameter('appsso')).toBe('0')
    const forged = await forgedAdminLogin(chosen)
    expect(forged.body.code).not.toBe('2000')
    expect(forged.body.data).toBeNull()
  })

  it('refuses an anonymous external gateway route to datahub:promotion alone', async () => {
    const token = await holder([PROMOTION_PERMISSION])
    const path = `/open${suffix()}/**`
    const document = { formatVersion: 1, gatewayRoutes: [{ kind: 'external', path, targetService: 'http://169.254.169.254/latest', serviceType: 'http', authType: 'none' }] }
    for (const endpoint of [promotionPlan, promotionApply]) expect(refusal(await bench.send(endpoint, { document, values: {} }, { token }))).toEqual(missing(GATEWAY_EXTERNAL_PERMISSION))
    expect((await catalog()).gatewayRoutes.map((r) => r.code)).not.toContain(path)
  })

  describe('each section needs its editor’s permission', () => {
    /** One document per section, each creating one object; the catalog section it shows up in; the permissions it needs. */
    let sections: { name: string; document: Partial<PromotionDocument> & { formatVersion: 1 }; values: Record<string, string>; section: keyof PromotionCatalog; code: string; needs: string[] }[]

    beforeAll(async () => {
      const s = suffix()
      const ds = await bench.ok<DataSource>(datasourceCreate, { name: `mq_${s}`, sourceType: '4', dbType: 'rabbitmq', applicationCode: 'erp', host: '127.0.0.1', port: '5672', username: 'guest', password: 'guest', databaseName: '/', status: '0' })
      const auth = await bench.ok<Authentication>(authenticationCreate, { appCode: 'erp', authenName: `static_${s}`, authenType: '1', tokenKey: 'X-Hub-Token', tokenValue: 'tok' })
      const topic = await bench.topic()
      const exported = await bench.ok<PromotionDocument>(promotionExport, { dataSources: [ds.name], apiAuthentications: [`erp/${auth.authenName}`], topics: [topic.code] })
      const newTopic = freshCode()
      const dictType = `promo_${s}`
      sections = [
        {
          name: 'data sources',
          document: { formatVersion: 1, dataSources: [{ ...exported.dataSources[0]!, name: `mq2_${s}` }] },
          values: { [`dataSource.${ds.name}.password`]: 'guest' },
          section: 'dataSources',
          code: `mq2_${s}`,
          needs: [DATASOURCE_PERMISSION],
        },
        {
          name: 'API authentications',
          document: { formatVersion: 1, apiAuthentications: [{ ...exported.apiAuthentications[0]!, authenName: `other_${s}` }] },
          values: { [`apiAuthentication.erp/${auth.authenName}.tokenValue`]: 'tok2' },
          section: 'apiAuthentications',
          code: `erp/other_${s}`,
          needs: [AUTHENTICATION_PERMISSION],
        },
        {
          name: 'system authentications',
          document: { formatVersion: 1, systemAuthentications: [{ appCode: `app${s}`, name: 'App', tokenType: '1', tokenValidity: 0, status: '1', remark: '', secret: { $secret: 'app.secret' } }] },
          values: { 'app.secret': 'app-secret' },
          section: 'systemAuthentications',
          code: `app${s}`,
          needs: [SYS_AUTH_PERMISSION],
        },
        {
          name: 'dictionaries (type and entries)',
          document: { formatVersion: 1, dictionaries: [{ dictType, dictName: '字典', remarks: '', status: '1', data: [{ dictValue: 'a', dictLabelCn: '甲', dictLabelEn: 'A', level: '', sort: 0, status: '1', remarks: '' }] }] },
          values: {},
          section: 'dictionaries',
          code: dictType,
          needs: [DICTIONARY_TYPE_PERMISSION, DICTIONARY_DATA_PERMISSION],
        },
        {
          name: 'parameters',
          document: { formatVersion: 1, parameters: [{ parameterKey: `promo.${s}`, parameterName: '参数', parameterValue: 'v', appCode: 'common' }] },
          values: {},
          section: 'parameters',
          code: `promo.${s}`,
          needs: [PARAMETER_PERMISSION],
        },
        {
          name: 'internal gateway routes',
          document: { formatVersion: 1, gatewayRoutes: [{ kind: 'internal', path: `/inner/p${s}/**`, prefix: `/inner/p${s}`, targetService: 'http://127.0.0.1:9/svc', serviceType: 'http', authType: 'none', status: '1' }] },
          values: {},
          section: 'gatewayRoutes',
          code: `/inner/p${s}/**`,
          needs: [GATEWAY_INTERNAL_PERMISSION],
        },
        {
          name: 'topics',
          document: { formatVersion: 1, topics: [{ ...exported.topics[0]!, code: newTopic }] },
          values: {},
          section: 'topics',
          code: newTopic,
          needs: [TOPIC_PERMISSION],
        },
      ]
    })

    it('refuses each section to a holder of every other permission, naming the one it lacks, and writes nothing', async () => {
      const all = sections.flatMap((s) => s.needs)
      for (const s of sections) {
        for (const lacking of s.needs) {
          const token = await holder([PROMOTION_PERMISSION, ...all.filter((p) => p !== lacking)])
          for (const endpoint of [promotionPlan, promotionApply]) {
            expect(refusal(await bench.send(endpoint, { document: s.document, values: s.values }, { token })), `${s.name} without ${lacking}`).toEqual(missing(lacking))
          }
        }
        expect((await catalog())[s.section].map((o) => o.code), s.name).not.toContain(s.code)
      }
    })

    it('applies each section for a holder of its permissions, and all of them at once for the administrator', async () => {
      for (const s of sections.slice(0, 4)) {
        const token = await holder([PROMOTION_PERMISSION, ...s.needs])
        const answer = await bench.send(promotionApply, { document: s.document, values: s.values }, { token })
        expect(answer.body.code, `${s.name}: ${answer.body.message}`).toBe('2000')
        expect((await catalog())[s.section].map((o) => o.code), s.name).toContain(s.code)
      }
      const rest = sections.slice(4)
      const document = Object.assign({ formatVersion: 1 }, ...rest.map((s) => s.document)) as PromotionDocument
      const answer = await bench.send(promotionApply, { document, values: {} })
      expect(answer.body.code, answer.body.message).toBe('2000')
      for (const s of rest) expect((await catalog())[s.section].map((o) => o.code), s.name).toContain(s.code)
    })
  })

  it('applies the sso document for a holder of the system-authentication and parameter permissions', async () => {
    const token = await holder([PROMOTION_PERMISSION, SYS_AUTH_PERMISSION, PARAMETER_PERMISSION])
    const before = await secretHash()
    const answer = await bench.send(promotionApply, { document: ssoDocument, values: ssoValues }, { token })
    expect(answer.body.code, answer.body.message).toBe('2000')
    expect(await parameter('appsso')).toBe('1')
    // What the editors would have let this holder do: the application's secret is now the given one …
    expect(await secretHash()).not.toBe(before)
    // … and still signs in no administrator: the application is not allowed to (finding 5).
    expect((await forgedAdminLogin(chosen)).body.code).toBe('4010')
  })
})
