import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DocumentArrowUpRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/approvals/processes'
import type { BpmnImport, ProcessSummary } from '../../../../shared/contract/approvals/processes'
import { PROCESS_PERMISSION } from '../../../../shared/contract/approvals/permissions'
import { useCan } from '../../../admin/usePermission'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { uploadToHub } from '../../../components/upload/uploadToHub'
import { BpmnImportDialog } from './BpmnImportDialog'
import { DeploymentsDialog } from './DeploymentsDialog'
import { blankDraft } from './designerModel'
import ProcessDesigner, { type DesignerTarget } from './ProcessDesigner'
import { processResource } from './processResource'

const useStyles = makeStyles({
  header: { display: 'flex', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
})

/**
 * Process management (issue 19): the definitions as a resource list whose add, design and copy
 * open the designer, with deploy (asked first) and the deployed versions. The designer and its
 * React Flow canvas live in this page's own chunk, loaded only when the page is opened. Import
 * reads a BPMN 2.0 file from another modeler (the hub answers a draft and what it could not
 * represent), previews it, and opens the draft in the designer once the operator confirms.
 */
export default function ProcessListPage() {
  const { t } = useTranslation()
  const can = useCan()
  const [designing, setDesigning] = useState<DesignerTarget | null>(null)
  const [versions, setVersions] = useState<ProcessSummary | null>(null)
  const [imported, setImported] = useState<{ fileName: string; result: BpmnImport } | null>(null)
  const [importing, setImporting] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const styles = useStyles()
  async function importBpmn(file: File | undefined) {
    if (!file) return
    setImporting(true)
    const r = await uploadToHub(contract.processImportBpmn, file)
    setImporting(false)
    if (fileInput.current) fileInput.current.value = ''
    if (r.ok) setImported({ fileName: file.name, result: r.data })
    else showToast({ intent: 'error', message: r.message })
  }
  const definition = useMemo(
    () =>
      processResource({
        async design(row) {
          const r = await callHub(contract.processDetail, { id: row.id })
          if (r.ok) setDesigning({ id: r.data.id, version: r.data.version, deployedVersion: r.data.deployedVersion, draft: { processKey: r.data.processKey, name: r.data.name, typeId: r.data.typeId, remark: r.data.remark, model: r.data.model } })
        },
        async deploy(row, reload, confirm) {
          if (!(await confirm({ title: t('workflow:deploy_title'), message: t('workflow:deploy_confirm', { name: row.name, n: (row.deployedVersion ?? 0) + 1 }) }))) return
          const r = await callHub(contract.processDeploy, { id: row.id, version: row.version })
          if (!r.ok) return
          showToast({ intent: 'success', message: t('workflow:deployed', { key: r.data.processKey, n: r.data.deployVersion }) })
          reload()
        },
        versions: setVersions,
        async copy(row) {
          const r = await callHub(contract.processCopy, { id: row.id })
          if (r.ok) setDesigning({ draft: { processKey: r.data.processKey, name: r.data.name, typeId: r.data.typeId ?? '', remark: r.data.remark ?? '', model: r.data.model } })
        },
      }),
    [t],
  )
  const header = can(PROCESS_PERMISSION) ? (
    <div className={styles.header}>
      <Button appearance="primary" icon={<AddRegular />} onClick={() => setDesigning({ draft: blankDraft() })}>
        {t('workflow:process_add')}
      </Button>
      <Button icon={<DocumentArrowUpRegular />} disabled={importing} onClick={() => fileInput.current?.click()}>
        {t('workflow:bpmn_import')}
      </Button>
      <input ref={fileInput} className={styles.hidden} type="file" accept=".bpmn,.xml,.bpmn20.xml" aria-label={t('workflow:bpmn_import_file')} onChange={(e) => void importBpmn(e.target.files?.[0])} />
    </div>
  ) : undefined
  return (
    <ResourceListPage definition={definition} header={header}>
      {designing && <ProcessDesigner target={designing} onClose={() => setDesigning(null)} />}
      {versions && <DeploymentsDialog process={versions} onClose={() => setVersions(null)} />}
      {imported && (
        <BpmnImportDialog
          fileName={imported.fileName}
          result={imported.result}
          onClose={() => setImported(null)}
          onConfirm={() => {
            setDesigning({ draft: imported.result.draft })
            setImported(null)
          }}
        />
      )}
    </ResourceListPage>
  )
}
