import type { DesktopBridge } from '../shared/ipc'

declare global {
  interface Window {
    /**
     * The preload's bridge: the renderer's only way out (no token, no sockets). Optional because
     * the page may run without it (a plain browser, the boot bench); every caller copes.
     */
    desktop?: DesktopBridge
  }
}

export {}
