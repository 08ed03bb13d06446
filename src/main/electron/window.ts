import { BrowserWindow, screen } from 'electron'
import { windowOptions } from '../security/windowOptions'
import type { Settings } from '../services/settings'
import { fitToDisplays } from '../windowBounds'

/** The console window, at its remembered place and size, which it saves again on close. */
export function createMainWindow(settings: Settings, preloadPath: string, url: string): BrowserWindow {
  const areas = screen.getAllDisplays().map((d) => d.workArea)
  const bounds = fitToDisplays(settings.windowBounds(), areas)
  const win = new BrowserWindow(windowOptions(preloadPath, bounds))
  win.once('ready-to-show', () => {
    if (bounds?.maximized) win.maximize()
    win.show()
  })
  win.on('close', () => {
    const { x, y, width, height } = win.getNormalBounds()
    try {
      settings.setWindowBounds({ x, y, width, height, maximized: win.isMaximized() })
    } catch {
      // Odd bounds (e.g. a zero-sized window on some window managers) are not worth an error on quit.
    }
  })
  void win.loadURL(url)
  return win
}
