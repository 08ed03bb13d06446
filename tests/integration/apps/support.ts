import { openCallBench, type CallBench } from '../../support/bench'
import * as apps from '../../../src/shared/contract/platform/apps/applications'
import type { Application } from '../../../src/shared/contract/platform/apps/applications'

export type AppsBench = CallBench
export const openAppsBench = openCallBench
export { fieldKeys, refusal } from '../../support/bench'

let serial = 0
/** Letters and digits (application, module and group codes allow nothing else), unique in this run. */
export const freshCode = (prefix = 'app'): string => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`.slice(0, 30)

/** A new application (internal type unless told otherwise). */
export const newApp = (bench: AppsBench, overrides: Record<string, unknown> = {}) =>
  bench.ok<Application>(apps.applicationCreate, { code: freshCode(), name: '仓储系统', appType: '0', ...overrides })
