import { producerRunWithFile } from '../../shared/contract/datahub/runWithFile'
import type { Run } from '../../shared/contract/datahub/schedule'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import type { MappingFileDialogs } from './fieldMappingFiles'
import type { HubProxy } from './hubProxy'
import { isRefused, readWorkbookAt, type WorkbookFs } from './workbookFile'

export interface ProducerWorkbookDeps {
  proxy: Pick<HubProxy, 'upload'>
  fs: WorkbookFs
  /** The workbook open dialog the field mapping uses (one .xls or .xlsx). */
  dialogs: Pick<MappingFileDialogs, 'openExcel'>
  locale: () => Locale
  log?: (line: string) => void
}

export interface ProducerWorkbooks {
  /**
   * "Run with this file" of an excel producer: the open dialog, then the chosen workbook to the
   * hub, which drops it into the producer's inbox and starts a run; answers that run. '5040' when
   * the user closes the dialog.
   */
  runWithFile(producerId: string): Promise<HubResult<Run>>
}

export function createProducerWorkbooks(deps: ProducerWorkbookDeps): ProducerWorkbooks {
  return {
    async runWithFile(producerId) {
      const path = await deps.dialogs.openExcel()
      if (!path) return { ok: false, code: ResultCode.cancelled, message: '' }
      const read = await readWorkbookAt(deps.fs, deps.locale(), path, deps.log)
      if (isRefused(read)) return read
      // The hub's answer is a Run (the contract's output schema).
      return (await deps.proxy.upload(producerRunWithFile.id, { name: read.name, bytes: read.bytes }, { id: producerId })) as HubResult<Run>
    },
  }
}
