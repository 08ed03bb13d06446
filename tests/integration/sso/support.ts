import { expect } from 'vitest'
import { identityProviderCreate, type IdentityProvider } from '../../../src/shared/contract/platform/identityProviders'
import { me } from '../../../src/shared/contract/platform/session'
import { openCallBench, type CallBench } from '../../support/bench'
import { addUser, call, type Answer } from '../../support/hub'
import type { StoreTarget } from '../../support/stores'

export { refusal } from '../../support/bench'

/**
 * A hub for single sign-on tests: its outbound calls may reach loopback (the identity providers
 * the tests start live there; HUB_ALLOW_PRIVATE_WSDL, the hub's address rule).
 */
export interface SsoBench extends CallBench {
  /** Sets the parameter `sso` or `appsso` ('1' on, '0' off). */
  setParameter(key: 'sso' | 'appsso', value: '1' | '0'): Promise<void>
  addProvider(input: Record<string, unknown>): Promise<IdentityProvider>
  /** A platform user with a known email, employee number and status. */
  addPerson(p: { username: string; email?: string; employeeNo?: string; status?: string }): Promise<string>
  /** What /login_log says of sign-ins, newest last. */
  loginLog(): Promise<{ method: string; username: string; outcome: string; reason: string }[]>
}

export async function openSsoBench(target: StoreTarget): Promise<SsoBench> {
  const bench = await openCallBench(target, { allowPrivateWsdl: true })
  const db = bench.hub.store.db
  return {
    ...bench,
    async setParameter(key, value) {
      await db.updateTable('parameters').set({ parameter_value: value }).where('parameter_key', '=', key).execute()
    },
    addProvider: (input) => bench.ok<IdentityProvider>(identityProviderCreate, input),
    async addPerson(p) {
      const id = await addUser(bench.hub.store, { username: p.username, password: 'Unused!pass1', roles: ['user'], status: p.status ?? '1' })
      await db
        .withTables<{ users: { id: string; email: string; employee_no: string } }>()
        .updateTable('users')
        .set({ email: p.email ?? '', employee_no: p.employeeNo ?? '' })
        .where('id', '=', id)
        .execute()
      return id
    },
    async loginLog() {
      const rows = await db
        .withTables<{ login_log: { at: string; id: string; method: string; username: string; outcome: string; reason: string } }>()
        .selectFrom('login_log')
        .select(['method', 'username', 'outcome', 'reason'])
        .orderBy('at')
        .orderBy('id')
        .execute()
      return rows
    },
  }
}

/** The sign-in answered a session for `username`, and the session works. */
export async function expectSignedIn(bench: CallBench, answer: Answer, username: string): Promise<string> {
  expect(answer.body.code, answer.body.message).toBe('2000')
  const data = answer.body.data as { username: string; token?: string }
  expect(data.username).toBe(username)
  expect(data.token).toBeTruthy()
  const who = await call<{ username: string }>(bench.hub.app, me, undefined, { token: data.token! })
  expect(who.body.data?.username).toBe(username)
  return data.token!
}
