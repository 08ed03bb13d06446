import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/approvals/processes'
import type { ProcessSummary } from '../../../../shared/contract/approvals/processes'
import { PROCESS_PERMISSION } from '../../../../shared/contract/approvals/permissions'
import { useCan } from '../../../admin/usePermission'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { DeploymentsDialog } from './DeploymentsDialog'
import { blankDraft } from './designerModel'
import ProcessDesigner, { type DesignerTarget } from './ProcessDesigner'
import { processResource } from './processResource'

/**
 * Process management (issue 19): the definitions as a resource list whose add, design and copy
 * open the designer, with deploy (asked first) and the deployed versions. The designer and its
 * React Flow canvas live in this page's own chunk, loaded only when the page is opened.
 */
export default function ProcessListPage() {
  const { t } = useTranslation()
  const can = useCan()
  const [designing, setDesigning] = useState<DesignerTarget | null>(null)
  const [versions, setVersions] = useState<ProcessSummary | null>(null)
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
    <div>
      <Button appearance="primary" icon={<AddRegular />} onClick={() => setDesigning({ draft: blankDraft() })}>
        {t('workflow:process_add')}
      </Button>
    </div>
  ) : undefined
  return (
    <ResourceListPage definition={definition} header={header}>
      {designing && <ProcessDesigner target={designing} onClose={() => setDesigning(null)} />}
      {versions && <DeploymentsDialog process={versions} onClose={() => setVersions(null)} />}
    </ResourceListPage>
  )
}
