import { openCallBench, type CallBench } from '../../support/bench'

/** A messaging test bench: the shared one (tests/support/bench.ts). */
export type MessagingBench = CallBench
export const openMessagingBench = openCallBench
export { fieldKeys, refusal } from '../../support/bench'

let serial = 0
/** Letters and digits, unique in this run, at most `max` long. */
export const fresh = (prefix: string, max = 20): string => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`.slice(0, max)
