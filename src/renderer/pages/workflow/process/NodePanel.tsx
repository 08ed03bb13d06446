import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Field, Input, Label, makeStyles, Radio, RadioGroup, Select, Text, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import type { RoleApproval } from '../../../../shared/contract/approvals/processes'
import { ASSIGNEE_KINDS, APPROVAL_MODES, type AssigneeKind, type ProcessModel, type ProcessNode } from '../../../../shared/rules/approvals/process'
import { ApproverPicker } from './ApproverPicker'
import { ChosenApprover } from './ChosenApprover'
import { addLink, patchNode, removeLink, removeNode } from './designerModel'
import { IssueList } from './IssueList'
import type { Selection } from './DesignerCanvas'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  roles: { display: 'flex', flexDirection: 'column', maxHeight: '140px', overflowY: 'auto' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  grow: { flexGrow: 1, minWidth: 0 },
})

export interface NodePanelProps {
  model: ProcessModel
  node: ProcessNode
  issues: readonly string[]
  /** Every role (undefined while loading: no role code is judged unknown until they are here). */
  roles: readonly RoleApproval[] | undefined
  onModel: (model: ProcessModel) => void
  onSelect: (selection: Selection) => void
}

/**
 * The selected node's properties: its name; for an approval node who approves (by role,
 * position, the submitter's organisation manager, or named users) and whether any one or all of
 * them must; its links out (a link drawn here or on the canvas), and removing it. The start node
 * stays (a process has exactly one).
 */
export function NodePanel({ model, node, issues, roles, onModel, onSelect }: NodePanelProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [target, setTarget] = useState('')
  const patch = (p: Partial<ProcessNode>) => onModel(patchNode(model, node.id, p))
  const assignee = node.assignee ?? { kind: 'role' as const, roles: [], positions: [], users: [] }
  const setAssignee = (p: Partial<typeof assignee>) => patch({ assignee: { ...assignee, ...p } })
  const nameOf = (id: string) => {
    const n = model.nodes.find((x) => x.id === id)
    return n ? n.name || t(`workflow:node_${n.type}`) : id
  }
  // Role codes no role has any more (deleted since the save, or sent by a script): shown to be removed.
  const unknownRoles = roles ? assignee.roles.filter((c) => !roles.some((r) => r.roleCode === c)) : []
  const out = model.links.filter((l) => l.source === node.id)
  const targets = model.nodes.filter((n) => n.id !== node.id && n.type !== 'start' && !out.some((l) => l.target === n.id))

  function link() {
    const added = target ? addLink(model, node.id, target) : null
    if (!added) return
    onModel(added.model)
    setTarget('')
  }

  return (
    <div className={styles.root} role="group" aria-label={t('workflow:node_properties')}>
      <Text weight="semibold">
        {t(`workflow:node_${node.type}`)} · {node.id}
      </Text>
      <IssueList keys={issues} />
      <Field label={t('workflow:node_name')}>
        <Input value={node.name} maxLength={100} onChange={(_, d) => patch({ name: d.value })} />
      </Field>
      {node.type === 'approval' && (
        <>
          <Field label={t('workflow:assignee_kind')}>
            <RadioGroup value={assignee.kind} onChange={(_, d) => setAssignee({ kind: d.value as AssigneeKind })}>
              {ASSIGNEE_KINDS.map((k) => (
                <Radio key={k} value={k} label={t(`workflow:assignee_${k}`)} />
              ))}
            </RadioGroup>
          </Field>
          {assignee.kind === 'role' && (
            <Group label={t('workflow:assignee_roles')} required>
              <div className={styles.roles}>
                {(roles ?? []).map((r) => (
                  <Checkbox
                    key={r.roleId}
                    label={`${r.roleName} (${r.roleCode})`}
                    checked={assignee.roles.includes(r.roleCode)}
                    onChange={(_, d) => setAssignee({ roles: d.checked ? [...assignee.roles, r.roleCode] : assignee.roles.filter((c) => c !== r.roleCode) })}
                  />
                ))}
              </div>
              {unknownRoles.length > 0 && (
                <div role="list" aria-label={t('workflow:approver_unknown_roles')}>
                  {unknownRoles.map((c) => (
                    <ChosenApprover key={c} code={c} missing onRemove={() => setAssignee({ roles: assignee.roles.filter((x) => x !== c) })} />
                  ))}
                </div>
              )}
            </Group>
          )}
          {assignee.kind === 'position' && (
            <Group label={t('workflow:assignee_positions')} required>
              <ApproverPicker kind="position" label={t('workflow:assignee_positions')} codes={assignee.positions} onChange={(positions) => setAssignee({ positions })} />
            </Group>
          )}
          {assignee.kind === 'users' && (
            <Group label={t('workflow:assignee_users')} required>
              <ApproverPicker kind="users" label={t('workflow:assignee_users')} codes={assignee.users} onChange={(users) => setAssignee({ users })} />
            </Group>
          )}
          <Field label={t('workflow:mode')}>
            <RadioGroup value={node.mode} onChange={(_, d) => patch({ mode: d.value as ProcessNode['mode'] })}>
              {APPROVAL_MODES.map((m) => (
                <Radio key={m} value={m} label={t(`workflow:mode_${m}`)} />
              ))}
            </RadioGroup>
          </Field>
        </>
      )}
      {node.type !== 'end' && (
        <Group label={t('workflow:links_out')}>
          <div className={styles.root}>
            {out.map((l) => (
              <div key={l.id} className={styles.row}>
                <Button appearance="transparent" className={styles.grow} onClick={() => onSelect({ kind: 'link', id: l.id })}>
                  → {nameOf(l.target)}
                </Button>
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('workflow:link_remove_to', { name: nameOf(l.target) })} onClick={() => onModel(removeLink(model, l.id))} />
              </div>
            ))}
            <div className={styles.row}>
              <Select className={styles.grow} aria-label={t('workflow:link_to')} value={target} onChange={(_, d) => setTarget(d.value)}>
                <option value="">{t('workflow:link_to')}</option>
                {targets.map((n) => (
                  <option key={n.id} value={n.id}>
                    {nameOf(n.id)} ({n.id})
                  </option>
                ))}
              </Select>
              <Button icon={<AddRegular />} disabled={!target} onClick={link}>
                {t('workflow:link_add')}
              </Button>
            </div>
          </div>
        </Group>
      )}
      {node.type !== 'start' && (
        <Button
          icon={<DeleteRegular />}
          onClick={() => {
            onModel(removeNode(model, node.id))
            onSelect(null)
          }}
        >
          {t('workflow:node_remove')}
        </Button>
      )}
    </div>
  )
}

/** A labelled group of controls that keep their own names (Fluent's Field would give its label to each). */
function Group({ label, required, children }: { label: string; required?: boolean; children: ReactNode }) {
  const styles = useStyles()
  return (
    <div role="group" aria-label={label} className={styles.root}>
      <Label required={required}>{label}</Label>
      {children}
    </div>
  )
}
