import { ipcMain } from 'electron'
import { IPC_CHANNELS } from '../../shared/ipc'
import type { IpcHandlers } from '../ipc/handlers'
import { isTrustedSender } from '../ipc/senderGuard'

/** Serves each channel of the IPC contract, after checking who is asking. */
export function registerIpc(handlers: IpcHandlers, appOrigin: string): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      const frame = event.senderFrame
      if (!isTrustedSender(frame && { url: frame.url, isMainFrame: frame.parent === null }, appOrigin)) {
        throw new Error(`IPC ${channel} refused: untrusted sender`)
      }
      return (handlers[channel] as (p: unknown) => Promise<unknown>)(payload)
    })
  }
}
