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
import type { CallBench } from '../../support/bench'
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
]
