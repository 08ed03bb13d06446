import type { BrowserWindowConstructorOptions } from 'electron'
import type { WindowBounds } from '../services/settings'
import { MIN_SIZE } from '../services/windowState'

/**
 * The console window: the renderer gets no Node, its own JavaScript world, Chromium's sandbox
 * and same-origin policy; everything privileged goes through the preload bridge.
 */
export function windowOptions(preloadPath: string, bounds: WindowBounds | null = null): BrowserWindowConstructorOptions {
  return {
    width: bounds?.width ?? 1280,
    height: bounds?.height ?? 800,
    ...(bounds?.x !== undefined && bounds?.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    // Shown on 'ready-to-show' so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  }
}
