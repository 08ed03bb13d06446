import { BrowserWindow, screen } from 'electron'
import { windowOptions } from '../security/windowOptions'
import type { Settings } from '../services/settings'
import { restoreBounds, trackWindowState } from '../services/windowState'

/** The console window, at its remembered place and size (services/windowState.ts), which it keeps saving. */
export function createMainWindow(settings: Settings, preloadPath: string, url: string): BrowserWindow {
  const primary = screen.getPrimaryDisplay()
  // The primary display first: a window whose display is gone opens there.
  const areas = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea)
  const bounds = restoreBounds(settings.windowBounds(), areas)
  const win = new BrowserWindow(windowOptions(preloadPath, bounds))
  win.once('ready-to-show', () => {
    if (bounds?.maximized) win.maximize()
    win.show()
  })
  trackWindowState(win, { save: (b) => settings.setWindowBounds(b) })
  void win.loadURL(url)
  return win
}
