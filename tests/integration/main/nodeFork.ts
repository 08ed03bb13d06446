import { fork } from 'node:child_process'
import path from 'node:path'
import type { HubChild } from '../../../src/main/embeddedHub'

/** src/main/hubProcess.ts, run from source by plain Node with tsx (no Electron here). */
export const HUB_PROCESS_ENTRY = path.resolve(import.meta.dirname, '../../../src/main/hubProcess.ts')

/** The supervisor's fork, with Node's child_process in place of Electron's utilityProcess. */
export function forkWithNode(env: Record<string, string>, onPid?: (pid: number) => void): HubChild {
  const child = fork(HUB_PROCESS_ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  if (child.pid) onPid?.(child.pid)
  return {
    postMessage: (m) => void child.send(m),
    onMessage: (l) => void child.on('message', l),
    onExit: (l) => void child.on('exit', (code) => l(code)),
    kill: () => void child.kill('SIGKILL'),
  }
}
