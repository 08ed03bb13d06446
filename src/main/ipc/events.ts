import type { IpcEvent, IpcEvents } from '../../shared/ipc'

/** Sends one event to the renderer (webContents.send in the app, a page call in end-to-end tests). */
export type EmitEvent = <E extends IpcEvent>(event: E, data: IpcEvents[E]) => void
