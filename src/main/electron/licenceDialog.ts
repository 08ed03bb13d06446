import { existsSync } from 'node:fs'
import path from 'node:path'
import { dialog, type BrowserWindow } from 'electron'
import type { Locale } from '../../shared/locale'
import { translateMessage } from '../../../locales'

/** The native open dialog for a .lic file; null when the user cancels. Glue: type-checked only. */
export async function chooseLicenceFile(win: BrowserWindow | null, locale: Locale): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    properties: ['openFile'],
    filters: [{ name: translateMessage(locale, 'msg_licence_file_filter'), extensions: ['lic'] }],
  }
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
  return result.canceled ? null : (result.filePaths[0] ?? null)
}

/**
 * The vendor's licence public key shipped beside the app (resources/licence-public.pem, copied
 * by the packager), handed to the embedded hub; without one the hub shows the licence state
 * and refuses uploads with msg_licence_no_public_key. Enforcement stays off on the desktop.
 */
export function bundledLicenceKey(where: { resourcesPath: string; appPath: string; isPackaged: boolean }): string | null {
  const file = where.isPackaged ? path.join(where.resourcesPath, 'licence-public.pem') : path.join(where.appPath, 'resources', 'licence-public.pem')
  return existsSync(file) ? file : null
}
