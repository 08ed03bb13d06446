import { openCallBench, type CallBench } from '../../support/bench'

/** The data-source suites' bench: the shared one (tests/support/bench.ts). */
export type DsBench = CallBench
export const openDsBench = openCallBench
export { fieldKeys, refusal } from '../../support/bench'
