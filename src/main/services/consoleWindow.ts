/** The parts of the console window (Electron's BrowserWindow) that bringing it forward uses. */
export interface ConsoleWindow {
  isDestroyed(): boolean
  isMinimized(): boolean
  restore(): void
  isVisible(): boolean
  show(): void
  focus(): void
}

/**
 * Brings the console window in front of the user: out of the taskbar or dock when minimised,
 * shown when hidden, then focused. A second start of the app and a click on one of its OS
 * notifications both end here.
 */
export function bringToFront(win: ConsoleWindow | null): void {
  if (!win || win.isDestroyed()) return
  if (win.isMinimized()) win.restore()
  if (!win.isVisible()) win.show()
  win.focus()
}
