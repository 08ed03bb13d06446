import { createElement } from 'react'
import { z } from 'zod'
import { ArrowUploadRegular, CopyRegular, HistoryRegular, FlowchartRegular } from '@fluentui/react-icons'
import * as contract from '../../../../shared/contract/approvals/processes'
import type { ProcessSummary } from '../../../../shared/contract/approvals/processes'
import { PROCESS_PERMISSION } from '../../../../shared/contract/approvals/permissions'
import type { ResourceDefinition } from '../../../admin/resource'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'
import { i18n } from '../../../i18n'

/** What the list's own row actions open (the page holds the designer and the versions dialog). */
export interface ProcessActions {
  design: (row: ProcessSummary) => void
  deploy: (row: ProcessSummary, reload: () => void, confirm: (r: { title: string; message: string }) => Promise<boolean>) => void
  versions: (row: ProcessSummary) => void
  copy: (row: ProcessSummary) => void
}

/** "v3", "v3 · changed since" or "not deployed": what new instances would start on. */
export function deployState(row: ProcessSummary): string {
  if (row.deployedVersion == null) return i18n.t('workflow:not_deployed')
  const v = i18n.t('workflow:version_n', { n: row.deployedVersion })
  return row.changedSinceDeploy ? `${v} · ${i18n.t('workflow:changed_since_deploy')}` : v
}

/**
 * Process definitions (spec: /process/manage/list, add, update, deploy, copy, deleteProcess;
 * issue 19): a list whose add and edit open the designer rather than a form; deploy (asked
 * first) makes a new version, versions lists them, copy opens an unsaved duplicate in the
 * designer; delete is refused while a role's approval switch names the key.
 */
export function processResource(actions: ProcessActions): ResourceDefinition<ProcessSummary> {
  return {
    entity: 'workflow:process_entity',
    endpoints: { list: contract.processList, remove: contract.processDelete },
    columns: [
      { key: 'processKey', label: 'workflow:process_key', minWidth: COLUMN_MIN_WIDTH.wide },
      { key: 'name', label: 'workflow:process_name' },
      { key: 'typeName', label: 'workflow:process_type' },
      { key: 'deployedVersion', label: 'workflow:deployed_version', render: deployState, minWidth: COLUMN_MIN_WIDTH.wide },
      { key: 'updatedAt', label: 'admin:updated_date', kind: 'date' },
      { key: 'updatedBy', label: 'workflow:updated_by', minWidth: COLUMN_MIN_WIDTH.short },
    ],
    filters: [{ name: 'name', label: 'workflow:process_filter', widget: 'text' }],
    fields: [],
    rules: { create: z.object({}) },
    toForm: () => ({}),
    permissions: { remove: PROCESS_PERMISSION },
    rowActions: [
      { key: 'design', label: 'workflow:action_design', icon: createElement(FlowchartRegular), permission: PROCESS_PERMISSION, run: (row) => actions.design(row) },
      { key: 'deploy', label: 'workflow:action_deploy', icon: createElement(ArrowUploadRegular), permission: PROCESS_PERMISSION, run: (row, ctx) => actions.deploy(row, ctx.reload, ctx.confirm) },
      { key: 'versions', label: 'workflow:action_versions', icon: createElement(HistoryRegular), permission: PROCESS_PERMISSION, run: (row) => actions.versions(row) },
      { key: 'copy', label: 'workflow:action_copy', icon: createElement(CopyRegular), permission: PROCESS_PERMISSION, overflow: true, run: (row) => actions.copy(row) },
    ],
  }
}
