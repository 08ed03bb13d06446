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


