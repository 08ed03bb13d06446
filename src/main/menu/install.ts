import { app, dialog, Menu, type BrowserWindow } from 'electron'
import type { Locale } from '../../shared/locale'
import { appMenuTemplate } from './appMenu'
import { desktopText } from './desktopText'

export interface MenuGlue {
  locale: () => Locale
  /** The language chosen in the menu: saved, told to the renderer. */
  setLocale: (locale: Locale) => void
  window: () => BrowserWindow | null
}

/**
 * Sets the application menu in the current language (glue: type-checked only; the template is
 * appMenu.ts, tested). Returns a function that rebuilds it, called when the language changes.
 */
export function installAppMenu(glue: MenuGlue): () => void {
  const apply = () => {
    const locale = glue.locale()
    const name = app.name
    const version = app.getVersion()
    // macOS draws its own About panel for the 'about' role.
    app.setAboutPanelOptions({ applicationName: name, applicationVersion: version })
    const template = appMenuTemplate({
      platform: process.platform,
      appName: name,
      locale,
      isDev: !app.isPackaged,
      onLocale: glue.setLocale,
      onAbout: () => void showAbout(glue.window(), locale, name, version),
    })
    Menu.setApplicationMenu(Menu.buildFromTemplate(template))
  }
  apply()
  return apply
}

async function showAbout(win: BrowserWindow | null, locale: Locale, name: string, version: string): Promise<void> {
  const options: Electron.MessageBoxOptions = {
    type: 'info',
    title: desktopText(locale, 'about_title', { name }),
    message: name,
    detail: desktopText(locale, 'about_detail', {
      version,
      electron: process.versions.electron ?? '',
      chrome: process.versions.chrome ?? '',
      node: process.versions.node,
    }),
    buttons: [desktopText(locale, 'about_ok')],
  }
  await (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options))
}
