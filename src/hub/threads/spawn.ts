import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * The hub runs from TypeScript sources (`npm run hub` through tsx, vitest, Playwright) and from
 * the electron-vite bundle (out/main, CommonJS, where each worker entry is an input of its own
 * beside hubProcess.js: electron.vite.config.ts). From sources, a worker entry is the .ts file
 * beside the module that uses it. In the bundle, that module sits in an entry file in out/main
 * or, when shared by two entries, in a chunk in out/main/chunks: the entry is in the first of
 * those folders that has it.
 */
export function workerEntry(callerFile: string, name: string): string {
  const here = dirname(callerFile)
  if (callerFile.endsWith('.ts')) return join(here, `${name}.ts`)
  const candidates = [join(here, `${name}.js`), join(dirname(here), `${name}.js`)]
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!
}

/**
 * A source entry loads through tsx's CommonJS hook, registered in the worker itself: the
 * parent's loader flags are left out (under `--import tsx` they would register it twice, and
 * vitest's or Playwright's own transforms do not reach a worker at all).
 */
const SOURCE_BOOTSTRAP = `
const { workerData } = require('node:worker_threads')
require(workerData.tsx)
require(workerData.entry)
`

let tsxHook: string | null = null
function tsxCommonJsHook(): string {
  // CommonJS everywhere this runs from source has __filename (see sqlite.ts); never import.meta.
  tsxHook ??= createRequire(__filename).resolve('tsx/cjs')
  return tsxHook
}

export function spawnWorker(entry: string, resourceLimits?: ResourceLimits): Worker {
  if (!entry.endsWith('.ts')) return new Worker(entry, { resourceLimits })
  return new Worker(SOURCE_BOOTSTRAP, { eval: true, execArgv: [], workerData: { tsx: tsxCommonJsHook(), entry }, resourceLimits })
}
