import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { topicGetSourceAndTargetFields } from '../../../../shared/contract/datahub/topic'
import type { HubResult } from '../../../../shared/envelope'
import { ResultCode } from '../../../../shared/envelope'
import type { FieldMappingRow as MappingPair } from '../../../../shared/rules/datahub/mapping'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import type { ExcelImportPreview } from './ExcelImportDialog'
import { chooseExcel, isExcelName, pairsOfUpload, saveTemplate, skippedOfUpload, uploadExcelBytes } from './mappingFiles'

/** The target table's fields as get-all-fields answers them (data is JSON text of rows). */
export const targetNamesOf = (data: unknown): string[] => [...new Set(pairsOfUpload(data).map((p) => p.targetFieldName.trim()).filter((n) => n !== ''))]

export interface MappingImportsOptions {
  topicCode: string
  consumerId: string
  /** The table's merge (rule applied); answers how many rows were added. */
  merge: (pairs: readonly MappingPair[]) => number
}

/**
 * The bulk sources of the mapping table that talk to the outside: Excel upload (native dialog or
 * a dropped file), the template download, and get-all-fields. Each merges through the table's
 * merge rule and reports how many rows it added. A cancelled dialog ('5040') says nothing.
 */
export function useMappingImports({ topicCode, consumerId, merge }: MappingImportsOptions) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<null | 'excel' | 'fields' | 'template'>(null)
  const [preview, setPreview] = useState<(ExcelImportPreview & { message: string }) | null>(null)

  const failed = (message: string) => showToast({ intent: 'error', message: message || t('mapping:upload_failed') })
  /**
   * Part 2 §8: success is the hub's msg_file_upload_success with the rows; anything else is shown
   * as the error it is. The main process checks the message key and answers ok with the
   * translated text, so here ok is success. The rows wait in the import preview
   * (ExcelImportDialog), beside the rows the hub skipped, until the user imports them.
   */
  const afterUpload = (r: HubResult<unknown>) => {
    if (!r.ok) {
      if (r.code !== ResultCode.cancelled) failed(r.message)
      return
    }
    setPreview({ rows: pairsOfUpload(r.data), ...skippedOfUpload(r.data), message: r.message })
  }
  const importPreview = () => {
    if (!preview) return
    const added = merge(preview.rows)
    setPreview(null)
    showToast({ intent: 'success', message: [preview.message, t('mapping:imported', { count: added })].filter(Boolean).join(' ') })
  }
  const closePreview = () => setPreview(null)
  const run = async <T>(kind: 'excel' | 'fields' | 'template', work: () => Promise<T>): Promise<T | undefined> => {
    if (busy) return undefined
    setBusy(kind)
    try {
      return await work()
    } finally {
      setBusy(null)
    }
  }

  const uploadExcel = () => run('excel', async () => afterUpload(await chooseExcel()))

  /** A file dropped on the table: one file, .xls or .xlsx (part 2 §5), its bytes go to the main process. */
  const dropFiles = async (files: readonly File[]) => {
    if (files.length !== 1) return failed(t('mapping:upload_one_file'))
    const file = files[0]!
    if (!isExcelName(file.name)) return failed(t('mapping:upload_excel_only'))
    await run('excel', async () => afterUpload(await uploadExcelBytes(file.name, new Uint8Array(await file.arrayBuffer()))))
  }

  const downloadTemplate = () =>
    run('template', async () => {
      const r = await saveTemplate()
      // The main process says where it saved the file.
      if (r.ok) showToast({ intent: 'success', message: r.message || t('mapping:template_saved') })
      else if (r.code !== ResultCode.cancelled) failed(r.message)
    })

  /** Part 2 §4: get-all-fields pairs every target field with a source of the same name. Failures: the hub's message (central policy). */
  const getAllFields = () =>
    run('fields', async () => {
      const r = await callHub(topicGetSourceAndTargetFields, { topicCode, consumerId })
      if (!r.ok) return
      const added = merge(targetNamesOf(r.data).map((n) => ({ sourceFieldName: n, targetFieldName: n })))
      showToast({ intent: 'success', message: `${t('mapping:dh_msg_get_success')} ${t('mapping:imported', { count: added })}` })
    })

  return { busy, uploadExcel, dropFiles, downloadTemplate, getAllFields, preview, importPreview, closePreview }
}
