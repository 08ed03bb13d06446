import { ipcMain } from 'electron'
import { IPC_CHANNELS } from '../../shared/ipc'
import type { IpcHandlers } from '../ipc/handlers'
import { guardedHandler } from '../ipc/senderGuard'

/** Serves each channel of the IPC contract, after checking who is asking (ipc/senderGuard.ts). */
export function registerIpc(handlers: IpcHandlers, appOrigin: string): void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, guardedHandler(channel, handlers[channel] as (p: unknown) => Promise<unknown>, appOrigin))
  }
}
