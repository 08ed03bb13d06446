import type { FastifyInstance } from 'fastify'
import { changePassword } from '../../../src/shared/contract/platform/session'
import { call, signIn } from '../../support/hub'
import { openCallBench, type CallBench } from '../../support/bench'

/** An administration test bench: the shared one (tests/support/bench.ts). */
export type AdminBench = CallBench
export const openAdminBench = openCallBench
export { fieldKeys, refusal } from '../../support/bench'

let serial = 0
/** Letters only (role codes allow nothing else), unique in this run. */
export const freshLetters = (prefix = 'r'): string => {
  // Base 26 spelled with a–z, one letter per digit: distinct numbers give distinct codes
  // (mapping only 0–9 onto a–j made '0' and 'a' collide).
  const n = serial++ + Date.now()
  const letters = [...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('')
  return prefix + letters.slice(-10)
}
/** Letters and digits, unique in this run. */
export const freshCode = (prefix = 'c'): string => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`.slice(0, 20)



/**
 * First sign-in of a user an administrator created (or reset): the password must be changed
 * before anything else is served (auth/passwordChange.ts). Changes it to `newPassword` and
 * answers the token of a sign-in with it.
 */
export async function signInFirstTime(app: FastifyInstance, username: string, password: string, newPassword = 'Own#Pass123'): Promise<string> {
  const first = await signIn(app, username, password)
  const changed = await call(app, changePassword, { oldPassword: password, newPassword, confirmPassword: newPassword }, { token: first })
  if (changed.body.code !== '2000') throw new Error(`password change of ${username} failed: ${changed.body.code} ${changed.body.message}`)
  return signIn(app, username, newPassword)
}
