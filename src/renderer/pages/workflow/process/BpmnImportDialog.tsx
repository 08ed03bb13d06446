import { useTranslation } from 'react-i18next'
import { makeStyles, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { BpmnImport } from '../../../../shared/contract/approvals/processes'
import { ToolDialog } from '../../../components/ToolDialog'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  issues: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
})

/**
 * What an imported BPMN file becomes, before the operator confirms (issue 32): how many nodes
 * and links the draft has, each element the designer cannot represent (its BPMN type, id, name
 * and why, in the operator's language: the hub translated it), and what must still be set in the
 * designer before the draft can be saved. Confirming opens the draft in the designer; nothing is
 * saved until the designer saves it.
 */
export function BpmnImportDialog({ fileName, result, onConfirm, onClose }: { fileName: string; result: BpmnImport; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { draft, unsupported, issues } = result
  const title = t('workflow:bpmn_import_title', { file: fileName })
  return (
    <ToolDialog title={title} size="large" onClose={onClose} confirm={{ label: t('workflow:bpmn_import_open'), onClick: onConfirm }}>
      <div className={styles.body}>
        <Text>{t('workflow:bpmn_import_summary', { key: draft.processKey, name: draft.name, nodes: draft.model.nodes.length, links: draft.model.links.length })}</Text>
        {unsupported.length === 0 ? (
          <MessageBar intent="success">
            <MessageBarBody>{t('workflow:bpmn_import_complete')}</MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <MessageBar intent="warning">
              <MessageBarBody>{t('workflow:bpmn_import_unsupported', { count: unsupported.length })}</MessageBarBody>
            </MessageBar>
            <Table size="small" aria-label={t('workflow:bpmn_import_unsupported_list')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('workflow:bpmn_element')}</TableHeaderCell>
                  <TableHeaderCell>{t('workflow:bpmn_element_id')}</TableHeaderCell>
                  <TableHeaderCell>{t('workflow:bpmn_element_name')}</TableHeaderCell>
                  <TableHeaderCell>{t('workflow:bpmn_element_reason')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {unsupported.map((u, i) => (
                  <TableRow key={`${u.id}-${u.reason}-${i}`}>
                    <TableCell className={styles.code}>{u.element.replace(/^bpmn:/, '')}</TableCell>
                    <TableCell className={styles.code}>{u.id}</TableCell>
                    <TableCell>{u.name}</TableCell>
                    <TableCell>{u.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        {issues.length > 0 && (
          <div role="group" aria-label={t('workflow:bpmn_import_issues', { count: issues.length })}>
            <Text weight="semibold">{t('workflow:bpmn_import_issues', { count: issues.length })}</Text>
            <ul className={styles.issues}>
              {[...new Set(issues.map((i) => i.message))].map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </ToolDialog>
  )
}
