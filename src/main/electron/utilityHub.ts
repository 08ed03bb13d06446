import { utilityProcess } from 'electron'
import type { HubChild } from '../embeddedHub'

/** The embedded hub in an Electron utility process (Node without a window, its own crash domain). */
export function forkUtilityHub(modulePath: string, env: Record<string, string>): HubChild {
  const child = utilityProcess.fork(modulePath, [], {
    serviceName: 'DataHub embedded hub',
    env: { ...process.env, ...env },
    stdio: 'inherit',
  })
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.on('exit', listener),
    kill: () => void child.kill(),
  }
}
