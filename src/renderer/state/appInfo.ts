import type { AppInfo } from '../../shared/ipc'
import { BridgeUnavailableError, invoke } from '../bridge/desktop'
import { createStore } from './store'

export interface AppInfoState {
  /** 'missing': the page runs without the desktop bridge (plain browser); the UI says so. */
  bridge: 'unknown' | 'available' | 'missing'
  info: AppInfo | null
  /**
   * The embedded hub's first-start admin password. The main process hands it over once, so the
   * console keeps it for this run until the user dismisses the notice.
   */
  bootstrapPassword: string | null
}

export const appInfoStore = createStore<AppInfoState>({ bridge: 'unknown', info: null, bootstrapPassword: null })

export async function loadAppInfo(): Promise<void> {
  try {
    const info = await invoke('app.info', undefined)
    appInfoStore.set((s) => ({ bridge: 'available', info, bootstrapPassword: info.bootstrapPassword ?? s.bootstrapPassword }))
  } catch (e) {
    if (e instanceof BridgeUnavailableError) appInfoStore.set({ bridge: 'missing' })
    else console.warn('[app] app.info failed', e)
  }
}

export const dismissBootstrapPassword = (): void => appInfoStore.set({ bootstrapPassword: null })
