import path from 'node:path'
import { app, dialog, type BrowserWindow } from 'electron'
import type { Locale } from '../../shared/locale'
import type { MappingFileDialogs } from '../services/fieldMappingFiles'
import { translateMessage } from '../../../locales'

/**
 * The native dialogs of the field-mapping workbook (open one .xls or .xlsx, part 2 §5) and the
 * template (save, suggested in the Downloads folder). Glue: type-checked only.
 */
export function fieldMappingDialogs(win: () => BrowserWindow | null, locale: () => Locale): MappingFileDialogs {
  const filters = () => [{ name: translateMessage(locale(), 'msg_mapping_excel_filter'), extensions: ['xls', 'xlsx'] }]
  return {
    async openExcel() {
      const options: Electron.OpenDialogOptions = { properties: ['openFile'], filters: filters() }
      const owner = win()
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async saveTemplate(defaultName) {
      const options: Electron.SaveDialogOptions = {
        defaultPath: path.join(app.getPath('downloads'), defaultName),
        filters: [{ name: translateMessage(locale(), 'msg_mapping_excel_filter'), extensions: ['xlsx'] }],
        properties: ['showOverwriteConfirmation', 'createDirectory'],
      }
      const owner = win()
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
  }
}
