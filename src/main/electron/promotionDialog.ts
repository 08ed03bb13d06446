import path from 'node:path'
import { app, dialog, type BrowserWindow } from 'electron'
import type { Locale } from '../../shared/locale'
import type { PromotionDialogs } from '../services/promotionFiles'
import { translateMessage } from '../../../locales'

/** The native dialogs of promotion documents: open one .json, save one (suggested in Downloads). Glue: type-checked only. */
export function promotionDialogs(win: () => BrowserWindow | null, locale: () => Locale): PromotionDialogs {
  const filters = () => [{ name: translateMessage(locale(), 'msg_promotion_filter'), extensions: ['json'] }]
  return {
    async openDocument() {
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: filters() }
      const owner = win()
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async saveDocument(defaultName) {
      const options: Electron.SaveDialogOptions = {
        defaultPath: path.join(app.getPath('downloads'), defaultName),
        filters: filters(),
        properties: ['showOverwriteConfirmation', 'createDirectory'],
      }
      const owner = win()
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
  }
}
