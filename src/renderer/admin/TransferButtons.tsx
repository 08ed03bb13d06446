import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons'
import type { TransferKind } from '../../shared/contract/platform/admin/transfer'
import { ResultCode, type HubResult } from '../../shared/envelope'
import { invokeForResult } from '../bridge/resultChannels'
import { showToast } from '../api/signals'

/** One problem of a refused import, as the hub reports it: field path `<row>.<column>`. */
export interface ImportProblem {
  row: number
  column: string
  message: string
}

/** The problems in a refused import's data ('4001' fields); [] when it carries none. */
export function importProblems(data: unknown): ImportProblem[] {
  const fields = (data as { fields?: { path?: unknown; message?: unknown }[] } | null)?.fields
  if (!Array.isArray(fields)) return []
  return fields.flatMap((f) => {
    const match = /^(\d+)\.(.*)$/.exec(String(f.path ?? ''))
    return match ? [{ row: Number(match[1]), column: match[2]!, message: String(f.message ?? '') }] : []
  })
}

const run = (channel: 'admin.importExcel' | 'admin.exportExcel', kind: TransferKind): Promise<HubResult<unknown>> => invokeForResult(channel, { kind })

export interface TransferButtonsProps {
  kind: TransferKind
  /** Import creates records: shown with the create permission only. */
  canImport: boolean
  onImported: () => void
}

/**
 * Excel import and export of an administration list. The main process opens the native dialogs
 * and moves the files; an import is all or nothing, and a refused one lists its problems by row
 * and column (the sheet's row numbers, as the user sees them in Excel).
 */
export function TransferButtons({ kind, canImport, onImported }: TransferButtonsProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<'import' | 'export' | null>(null)
  const [problems, setProblems] = useState<{ message: string; list: ImportProblem[] } | null>(null)

  const importFile = async () => {
    setBusy('import')
    const r = await run('admin.importExcel', kind)
    setBusy(null)
    if (r.ok) {
      showToast({ intent: 'success', message: t('admin:import_done', { count: (r.data as { imported?: number }).imported ?? 0 }) })
      onImported()
      return
    }
    if (r.code === ResultCode.cancelled) return
    const list = importProblems(r.data)
    if (list.length > 0) setProblems({ message: r.message, list })
    else showToast({ intent: 'error', message: r.message })
  }
  const exportFile = async () => {
    setBusy('export')
    const r = await run('admin.exportExcel', kind)
    setBusy(null)
    if (r.ok) showToast({ intent: 'success', message: r.message })
    else if (r.code !== ResultCode.cancelled) showToast({ intent: 'error', message: r.message })
  }

  return (
    <>
      {canImport && (
        <Button icon={<ArrowUploadRegular />} disabled={busy !== null} onClick={() => void importFile()}>
          {t('admin:transfer_import', { what: t(`admin:transfer_what_${kind}`) })}
        </Button>
      )}
      <Button icon={<ArrowDownloadRegular />} disabled={busy !== null} onClick={() => void exportFile()}>
        {t('admin:transfer_export', { what: t(`admin:transfer_what_${kind}`) })}
      </Button>
      <Dialog open={problems !== null} modalType="modal" onOpenChange={(_, d) => !d.open && setProblems(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('admin:import_problems_title')}</DialogTitle>
            <DialogContent>
              <Text block>{problems?.message}</Text>
              <Table size="small" aria-label={t('admin:import_problems_title')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('admin:import_row')}</TableHeaderCell>
                    <TableHeaderCell>{t('admin:import_column')}</TableHeaderCell>
                    <TableHeaderCell>{t('admin:import_message')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {problems?.list.map((p) => (
                    <TableRow key={`${p.row}.${p.column}`}>
                      <TableCell>{p.row}</TableCell>
                      <TableCell>{t(`messages:msg_xls_${p.column}`, { defaultValue: p.column })}</TableCell>
                      <TableCell>{p.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setProblems(null)}>
                {t('common:close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  )
}
