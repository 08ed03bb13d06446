import type { MenuItemConstructorOptions } from 'electron'
import { LOCALES, type Locale } from '../../shared/locale'
import { desktopText, type DesktopKey } from './desktopText'

export interface AppMenuInput {
  /** process.platform: 'darwin' gets the macOS layout (app menu, Window menu). */
  platform: string
  appName: string
  locale: Locale
  /** Development builds add the developer tools; packaged ones never do. */
  isDev: boolean
  /** Menu actions the Electron glue carries out. */
  onLocale: (locale: Locale) => void
  onAbout: () => void
}

const LANGUAGE_LABEL: Record<Locale, DesktopKey> = { 'zh-CN': 'menu_language_zh', en: 'menu_language_en' }

/**
 * The application menu template, following each OS's conventions: on macOS the first menu is
 * the app's own (About, Services, Hide, Quit) and a Window menu follows; on Windows and Linux a
 * File menu holds Exit and About sits under Help. Roles give the native behaviour and the
 * standard shortcuts (⌘C / Ctrl+C, ⌘R / Ctrl+R, ⌘+ / Ctrl+ …); every label is translated.
 */
export function appMenuTemplate(input: AppMenuInput): MenuItemConstructorOptions[] {
  const { platform, appName: name, locale, isDev } = input
  const mac = platform === 'darwin'
  const t = (key: DesktopKey, params?: Record<string, string>) => desktopText(locale, key, params)
  const sep: MenuItemConstructorOptions = { type: 'separator' }

  const appMenu: MenuItemConstructorOptions = {
    label: name,
    submenu: [
      { role: 'about', label: t('menu_about', { name }) },
      sep,
      { role: 'services', label: t('menu_services') },
      sep,
      { role: 'hide', label: t('menu_hide', { name }) },
      { role: 'hideOthers', label: t('menu_hide_others') },
      { role: 'unhide', label: t('menu_show_all') },
      sep,
      { role: 'quit', label: t('menu_quit', { name }) },
    ],
  }
  const fileMenu: MenuItemConstructorOptions = {
    label: t('menu_file'),
    submenu: mac ? [{ role: 'close', label: t('menu_close_window') }] : [{ role: 'quit', label: t('menu_exit') }],
  }
  const editMenu: MenuItemConstructorOptions = {
    label: t('menu_edit'),
    submenu: [
      { role: 'undo', label: t('menu_undo') },
      { role: 'redo', label: t('menu_redo') },
      sep,
      { role: 'cut', label: t('menu_cut') },
      { role: 'copy', label: t('menu_copy') },
      { role: 'paste', label: t('menu_paste') },
      { role: 'delete', label: t('menu_delete') },
      sep,
      { role: 'selectAll', label: t('menu_select_all') },
    ],
  }
  const viewMenu: MenuItemConstructorOptions = {
    label: t('menu_view'),
    submenu: [
      { role: 'reload', label: t('menu_reload') },
      ...(isDev ? [{ role: 'toggleDevTools', label: t('menu_dev_tools') } as const] : []),
      sep,
      { role: 'resetZoom', label: t('menu_zoom_reset') },
      { role: 'zoomIn', label: t('menu_zoom_in') },
      { role: 'zoomOut', label: t('menu_zoom_out') },
      sep,
      { role: 'togglefullscreen', label: t('menu_full_screen') },
    ],
  }
  // Each language under its own name, so a user who cannot read the current one still finds theirs.
  const languageMenu: MenuItemConstructorOptions = {
    label: t('menu_language'),
    submenu: LOCALES.map((l) => ({
      label: desktopText(l, LANGUAGE_LABEL[l]),
      type: 'radio' as const,
      checked: l === locale,
      click: () => input.onLocale(l),
    })),
  }
  const windowMenu: MenuItemConstructorOptions = {
    label: t('menu_window'),
    submenu: [
      { role: 'minimize', label: t('menu_minimize') },
      { role: 'zoom', label: t('menu_zoom_window') },
      sep,
      { role: 'front', label: t('menu_front') },
    ],
  }
  const helpMenu: MenuItemConstructorOptions = {
    label: t('menu_help'),
    role: 'help',
    submenu: [{ label: t('menu_about', { name }), click: () => input.onAbout() }],
  }

  return mac
    ? [appMenu, fileMenu, editMenu, viewMenu, languageMenu, windowMenu]
    : [fileMenu, editMenu, viewMenu, languageMenu, helpMenu]
}
