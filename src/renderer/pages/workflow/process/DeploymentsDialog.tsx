import { useTranslation } from 'react-i18next'
import { Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components'
import { processDeployments, type ProcessSummary } from '../../../../shared/contract/approvals/processes'
import { useHubQuery } from '../../../api/query'
import { formatDateTime } from '../../../components/formatDateTime'
import { ToolDialog } from '../../../components/ToolDialog'

/** A key's deployed versions, newest first: immutable; running instances keep the one they started on. */
export function DeploymentsDialog({ process, onClose }: { process: ProcessSummary; onClose: () => void }) {
  const { t } = useTranslation()
  const list = useHubQuery(processDeployments, { processKey: process.processKey })
  const rows = list.data ?? []
  const title = t('workflow:versions_title', { key: process.processKey })
  return (
    <ToolDialog title={title} size="medium" onClose={onClose}>
      {list.loading && <Spinner size="tiny" label={t('widgets:loading')} />}
      {!list.loading && rows.length === 0 && <Text>{t('workflow:not_deployed')}</Text>}
      {rows.length > 0 && (
        <Table size="small" aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('workflow:deploy_version')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:process_name')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:deployed_at')}</TableHeaderCell>
              <TableHeaderCell>{t('workflow:deployed_by')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell>{t('workflow:version_n', { n: d.deployVersion })}</TableCell>
                <TableCell>{d.name}</TableCell>
                <TableCell>{formatDateTime(d.deployedAt)}</TableCell>
                <TableCell>{d.deployedBy}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ToolDialog>
  )
}
