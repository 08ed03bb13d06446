import { afterAll, beforeAll, expect, it } from 'vitest'
import * as roles from '../../src/shared/contract/platform/admin/roles'
import * as users from '../../src/shared/contract/platform/admin/users'
import type { Role } from '../../src/shared/contract/platform/admin/roles'
import { sysAuthCreate } from '../../src/shared/contract/platform/messaging/sysAuthentication'
import { me, type SessionUser } from '../../src/shared/contract/platform/session'
import { ROLE_PERMISSION, USER_PERMISSION } from '../../src/shared/contract/platform/admin/permissions'
import { heldCodes } from '../../src/hub/authority/held'
import { ADMIN_ROLE, allPermissionCodes, roleId } from '../../src/hub/store/seed/roles'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { authenticationCreate } from '../../src/shared/contract/datahub/authentication'
import { datasourceCreate } from '../../src/shared/contract/datahub/dataSources'
import { createDeliveryWorker } from '../../src/hub/runtime/queue/worker'
import { startCasServer } from '../support/casServer'
import { startSink } from '../integration/runtime/support'
import { addUser, signIn } from '../support/hub'
import { describeEachStore, storeTargets } from '../support/stores'
import { freshLetters } from '../integration/admin/support'
import { openSsoBench, type SsoBench } from '../integration/sso/support'
import { escalationPaths, type Attacker, type Fixtures } from './escalation/paths'

/**
 * The escalation matrix (issue 31): for every permission code of the contract, a user holding
 * only that code — and for the sets of codes a path needs together — tries every escalation
 * path (escalation/paths.ts). Afterwards neither its own account nor any session it obtained
 * holds a code it did not hold. The paths' own regression tests (one file per finding beside
 * this one) say how each is refused; this file says that none of them, for any holder, reaches
 * further. Findings that give no holder more than it holds are tested on their own only: a
 * change that skips its approval (promotionApproval), an address the operator's switch opens
 * (loopbackTargets: this hub has it on, for its CAS server and sink), a key that crashed a
 * handler (prototypeKeys), a route's dot segments (gatewayRouteDotSegments).
 */
const targets = await storeTargets()
const PASSWORD = 'Matrix#Pass1'

const holders: readonly (readonly string[])[] = [
  ...allPermissionCodes().map((c) => [c]),
  ...escalationPaths.flatMap((p) => p.holders ?? []),
]

describeEachStore(targets, 'escalation matrix: a holder of some codes reaches no code it does not hold (issue 31)', (target) => {
  let bench: SsoBench
  let fixtures: Fixtures
  let serial = 0

  const roleWith = async (codes: readonly string[]): Promise<Role> => {
    const role = await bench.ok<Role>(roles.roleCreate, { roleCode: freshLetters('m'), roleName: '矩阵' })
    await bench.ok(roles.roleResAuthSave, { roleId: role.id, permissions: codes })
    return role
  }
  const userWith = async (codes: readonly string[], prefix: string) => {
    const role = await roleWith(codes)
    const username = `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`
    const id = await addUser(bench.hub.store, { username, password: PASSWORD, roles: [] })
    await bench.ok(users.userSetRoles, { userId: id, roleIds: [role.id] })
    return { id, username, roleId: role.id }
  }

  beforeAll(async () => {
    bench = await openSsoBench(target)
    const adminId = (await bench.ok<SessionUser>(me)).id
    const adminEmail = 'root@matrix.example'
    await bench.hub.store.db.withTables<{ users: { id: string; email: string } }>().updateTable('users').set({ email: adminEmail }).where('id', '=', adminId).execute()
    const victim = await userWith([ROLE_PERMISSION, USER_PERMISSION, 'platform:sysAuthentication', 'platform:identityProvider', 'datahub:promotion'], 'victim')
    const auth = await bench.ok<{ id: string }>(sysAuthCreate, { appCode: 'matrixportal', name: 'Matrix portal' })
    await bench.addProvider({ kind: 'app', name: 'Matrix tokens', appCode: 'matrixportal', matchBy: 'email' })
    await bench.setParameter('appsso', '1')
    await bench.setParameter('sso', '1')
    const ownDatabase = bench.hub.config.databaseUrl ? new URL(bench.hub.config.databaseUrl).pathname.slice(1) : null
    if (ownDatabase) await bench.send(datasourceCreate, { name: 'hubself', sourceType: '1', applicationCode: 'erp', dbType: 'postgresql', host: '127.0.0.1', port: '5432', username: 'postgres', databaseName: ownDatabase })
    const secret = `Bearer matrix-${Date.now().toString(36)}`
    const credential = await bench.ok<{ id: string }>(authenticationCreate, { appCode: 'hr', authenName: 'hr-key', authenType: '1', tokenKey: 'Authorization', tokenValue: secret })
    fixtures = {
      adminRoleId: (await roleId(bench.hub.store.db, ADMIN_ROLE))!,
      adminEmail,
      victim,
      sysAuthId: auth.id,
      appCode: 'matrixportal',
      cas: await startCasServer(),
      sink: await startSink(),
      worker: createDeliveryWorker({ store: bench.hub.store, events: bench.hub.events, outbox: bench.hub.outbox, config: bench.hub.config, log: () => {} }, { pollMs: 600_000 }),
      credential: { id: credential.id, app: 'hr', secret },
      outside: await mkdtemp(join(tmpdir(), 'dh-matrix-outside-')),
      ownStore: ownDatabase ? { database: ownDatabase, source: 'hubself' } : null,
    }
  })
  afterAll(async () => {
    await fixtures?.worker.stop()
    await fixtures?.cas.close()
    await fixtures?.sink.close()
    if (fixtures) await rm(fixtures.outside, { recursive: true, force: true })
    await bench?.close()
  })

  it.each(holders.map((codes) => [codes.join(' + '), codes] as const))('holding only %s', async (_, codes) => {
    const user = await userWith(codes, 'atk')
    const attacker: Attacker = { ...user, codes, token: await signIn(bench.hub.app, user.username, PASSWORD) }
    const sessions: string[] = []
    const reached: string[] = []
    for (const path of escalationPaths) {
      await path.attempt({ bench, fixtures, attacker, obtained: (t) => sessions.push(t), reached: (what) => reached.push(`${path.name}: ${what}`) })
      for (const token of sessions.splice(0)) {
        const who = await bench.send<SessionUser>(me, undefined, { token })
        if (who.body.code !== '2000') continue
        const beyond = [...(await heldCodes(bench.hub.store.db, who.body.data!.id))].filter((c) => !codes.includes(c))
        if (beyond.length > 0) reached.push(`${path.name}: signed in as ${who.body.data!.username}, holding ${beyond.length} more codes (${beyond.slice(0, 4).join(', ')}…)`)
      }
      const own = [...(await heldCodes(bench.hub.store.db, attacker.id))].filter((c) => !codes.includes(c))
      if (own.length > 0) reached.push(`${path.name}: its own account now holds ${own.join(', ')}`)
    }
    expect(reached).toEqual([])
  }, 60_000)
})
