import { basename } from 'node:path'
import type { PromotionDocument, PromotionSelection } from '../../shared/contract/promotion/document'
import { promotionExport } from '../../shared/contract/promotion/endpoints'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { translateMessage } from '../../../locales'
import type { HubProxy } from './hubProxy'

/** The native dialogs of promotion documents (Electron glue in src/main/electron/promotionDialog.ts; stand-ins in tests). */
export interface PromotionDialogs {
  /** One .json document to open; null when the user cancels. */
  openDocument(): Promise<string | null>
  /** Where to save an export, suggesting `defaultName`; null when the user cancels. */
  saveDocument(defaultName: string): Promise<string | null>
}

export interface PromotionFs {
  stat(path: string): Promise<{ size: number }>
  readFile(path: string, encoding: 'utf8'): Promise<string>
  writeFile(path: string, text: string, options: { mode: number }): Promise<void>
}

export interface PromotionFileDeps {
  proxy: Pick<HubProxy, 'call'>
  fs: PromotionFs
  dialogs: PromotionDialogs
  locale: () => Locale
  log?: (line: string) => void
}

/** An opened document: its file name and what it holds (the hub checks it when it plans). */
export interface OpenedDocument {
  name: string
  document: unknown
}

export interface PromotionFiles {
  /** Exports the selection from the connected hub and saves it where the user says; '5040' when cancelled. */
  exportDocument(selection: PromotionSelection): Promise<HubResult<{ path: string }>>
  /** Opens a document through the native dialog; '5040' when cancelled. */
  openDocument(): Promise<HubResult<OpenedDocument>>
}

/** The hub's JSON body limit: a bigger document could not be planned anyway. */
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024

/**
 * Promotion documents (issue 18): files stay in the main process, behind the native dialogs;
 * the renderer sends the opened document to the connected hub's plan and apply like any call.
 */
export function createPromotionFiles(deps: PromotionFileDeps): PromotionFiles {
  const t = (key: string, params?: Record<string, string | number>) => translateMessage(deps.locale(), key, params)
  const refuse = <T>(code: string, key: string, params?: Record<string, string | number>): HubResult<T> => ({ ok: false, code, message: t(key, params) })
  const cancelled = <T>(): HubResult<T> => ({ ok: false, code: ResultCode.cancelled, message: '' })
  return {
    async exportDocument(selection) {
      // The document first: a refused export should not follow a dialog the user filled in.
      const answer = (await deps.proxy.call(promotionExport.id, selection)) as HubResult<PromotionDocument>
      if (!answer.ok) return answer
      const stamp = answer.data.exportedAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
      const path = await deps.dialogs.saveDocument(`datahub-promotion-${stamp || 'export'}.json`)
      if (!path) return cancelled()
      try {
        await deps.fs.writeFile(path, `${JSON.stringify(answer.data, null, 2)}\n`, { mode: 0o600 })
      } catch (err) {
        const reason = (err as NodeJS.ErrnoException).code ?? String(err)
        deps.log?.(`promotion export not saved: ${reason}`)
        return refuse(ResultCode.systemError, 'msg_promotion_save_failed', { reason })
      }
      return { ok: true, data: { path }, message: t('msg_promotion_saved', { path }) }
    },
    async openDocument() {
      const path = await deps.dialogs.openDocument()
      if (!path) return cancelled()
      let text: string
      try {
        if ((await deps.fs.stat(path)).size > DOCUMENT_MAX_BYTES) return refuse(ResultCode.tooLarge, 'msg_promotion_document_too_large')
        text = await deps.fs.readFile(path, 'utf8')
      } catch (err) {
        deps.log?.(`promotion document not readable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
        return refuse(ResultCode.validation, 'msg_promotion_document_unreadable')
      }
      try {
        return { ok: true, data: { name: basename(path), document: JSON.parse(text) as unknown }, message: '' }
      } catch {
        return refuse(ResultCode.validation, 'msg_promotion_document_unreadable')
      }
    },
  }
}
