import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DndContext, DragOverlay, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core'
import { ReactFlowProvider, useReactFlow } from '@xyflow/react'
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, Text, tokens } from '@fluentui/react-components'
import * as contract from '../../../../shared/contract/approvals/processes'
import { processTypeList, processVariableList } from '../../../../shared/contract/approvals/processTypes'
import type { NodeType } from '../../../../shared/rules/approvals/process'
import { callHub } from '../../../api/hub'
import { invalidate, useHubQuery } from '../../../api/query'
import { showToast } from '../../../api/signals'
import { ToolDialog } from '../../../components/ToolDialog'
import { NODE_SIZE } from '../diagram/ProcessNodeView'
import { CANVAS_DROP_ID, DesignerCanvas, type Selection } from './DesignerCanvas'
import { addNode, checkDraft, NO_ISSUES, placeIssues, type DesignerDraft, type DesignerIssues } from './designerModel'
import { IssueList } from './IssueList'
import { LinkPanel } from './LinkPanel'
import { NodePanel } from './NodePanel'
import { Palette, PALETTE_ICONS, type PaletteDrag } from './Palette'
import { useDraftApproverNames } from './useDraftApproverNames'

const useStyles = makeStyles({
  header: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalM },
  work: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'stretch' },
  panel: {
    width: '300px',
    flexShrink: 0,
    height: 'min(420px, 48vh)',
    overflowY: 'auto',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  hint: { color: tokens.colorNeutralForeground3 },
  overlay: { cursor: 'grabbing' },
  status: { color: tokens.colorNeutralForeground3 },
})

/** What the designer opens: a saved definition (its id and version) or a new draft (blank or a copy). */
export interface DesignerTarget {
  id?: string
  version?: number
  draft: DesignerDraft
  /** The newest deployed version, and whether the definition changed since (shown in the title line). */
  deployedVersion?: number | null
}

/**
 * The process designer (issue 19): the definition's key, name, type and remark above; the palette,
 * the canvas (React Flow) and the selected node's or link's properties below. Saving first runs
 * the hub's own checks (the contract schema with the spec's missing-parameter messages, then the
 * graph's rules) and shows each message where it belongs — under a header field, on the node or
 * link (drawn red, listed in its panel) or above the canvas; a 4001 from the hub lands the same
 * way. A saved definition stays open (deploying is the list's action).
 */
export default function ProcessDesigner({ target, onClose }: { target: DesignerTarget; onClose: () => void }) {
  return (
    <ReactFlowProvider>
      <Designer target={target} onClose={onClose} />
    </ReactFlowProvider>
  )
}

function Designer({ target, onClose }: { target: DesignerTarget; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const flow = useReactFlow()
  const [draft, setDraft] = useState<DesignerDraft>(target.draft)
  const [saved, setSaved] = useState<{ id: string; version: number } | null>(target.id && target.version != null ? { id: target.id, version: target.version } : null)
  // After the first refused save the checks run on every change, so a mark goes once fixed; the
  // hub's own messages (a 4001) stay until the next save.
  const [checking, setChecking] = useState(false)
  const [hubIssues, setHubIssues] = useState<DesignerIssues>(NO_ISSUES)
  const issues = useMemo(() => {
    if (!checking) return hubIssues
    const c = checkDraft(draft)
    return c.ok ? hubIssues : c.issues
  }, [checking, draft, hubIssues])
  const [selection, setSelection] = useState<Selection>(null)
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [dragging, setDragging] = useState<NodeType | null>(null)
  const canvasRef = useRef<HTMLDivElement>(null)
  const types = useHubQuery(processTypeList, { pageNum: 1, pageSize: 200 })
  const variables = useHubQuery(processVariableList, {})
  const roles = useHubQuery(contract.roleApprovalList, {})
  const approverNames = useDraftApproverNames(draft.model)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const setModel = (model: DesignerDraft['model']) => setDraft((d) => ({ ...d, model }))
  const title = saved ? t('workflow:designer_edit', { name: draft.name || draft.processKey }) : t('workflow:designer_create')

  function place(type: NodeType, x: number, y: number) {
    const size = NODE_SIZE[type]
    const added = addNode(draft.model, type, x - size.width / 2, y - size.height / 2)
    setModel(added.model)
    setSelection({ kind: 'node', id: added.id })
  }
  /** A click on the palette: the node goes to the middle of what the canvas shows, a little apart from the last one. */
  function addInView(type: NodeType) {
    const rect = canvasRef.current?.querySelector('[data-testid="process-canvas"]')?.getBoundingClientRect()
    const centre = rect ? flow.screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }) : { x: 280, y: 220 }
    const shift = (draft.model.nodes.length % 5) * 24
    place(type, centre.x + shift, centre.y + shift)
  }
  function onDragStart(e: DragStartEvent) {
    setDragging((e.active.data.current as PaletteDrag | undefined)?.nodeType ?? null)
  }
  function onDragEnd(e: DragEndEvent) {
    setDragging(null)
    const type = (e.active.data.current as PaletteDrag | undefined)?.nodeType
    if (!type || e.over?.id !== CANVAS_DROP_ID) return
    // Where the pointer let go: where it started plus how far it moved.
    const start = e.activatorEvent as PointerEvent
    const at = flow.screenToFlowPosition({ x: start.clientX + e.delta.x, y: start.clientY + e.delta.y })
    place(type, at.x, at.y)
  }

  async function save() {
    setMessage(null)
    const checked = checkDraft(draft)
    setChecking(true)
    setHubIssues(NO_ISSUES)
    if (!checked.ok) return
    setSaving(true)
    const r = saved
      ? await callHub(contract.processUpdate, { ...checked.input, id: saved.id, version: saved.version }, { quiet: true })
      : await callHub(contract.processAdd, checked.input, { quiet: true })
    setSaving(false)
    if (!r.ok) {
      setMessage(r.message)
      if (r.code === '4001' && r.fieldErrors) setHubIssues(placeIssues(draft.model, Object.entries(r.fieldErrors).map(([path, key]) => ({ path, key }))))
      return
    }
    setSaved({ id: r.data.id, version: r.data.version })
    showToast({ intent: 'success', message: t('messages:msg_success') })
    invalidate(contract.processList)
  }

  const selectedNode = selection?.kind === 'node' ? draft.model.nodes.find((n) => n.id === selection.id) : undefined
  const selectedLink = selection?.kind === 'link' ? draft.model.links.find((l) => l.id === selection.id) : undefined
  const headerError = (field: string) => (issues.fields[field] ? t(`messages:${issues.fields[field]}`) : undefined)

  return (
    <ToolDialog title={title} size="full" onClose={onClose} confirm={{ label: t('common:save') }} form={{ label: title, onSubmit: () => void save() }} busy={saving}>
      <div className={styles.header}>
        <Field label={t('workflow:process_key')} required validationMessage={headerError('processKey')}>
          <Input value={draft.processKey} disabled={saved != null} maxLength={64} onChange={(_, d) => setDraft((x) => ({ ...x, processKey: d.value }))} />
        </Field>
        <Field label={t('workflow:process_name')} required validationMessage={headerError('name')}>
          <Input value={draft.name} maxLength={100} onChange={(_, d) => setDraft((x) => ({ ...x, name: d.value }))} />
        </Field>
        <Field label={t('workflow:process_type')}>
          <Select value={draft.typeId} onChange={(_, d) => setDraft((x) => ({ ...x, typeId: d.value }))}>
            <option value="">{t('workflow:type_none')}</option>
            {(types.data?.content ?? []).map((ty) => (
              <option key={ty.id} value={ty.id}>
                {ty.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('workflow:remark')} validationMessage={headerError('remark')}>
          <Input value={draft.remark} maxLength={500} onChange={(_, d) => setDraft((x) => ({ ...x, remark: d.value }))} />
        </Field>
      </div>
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <IssueList keys={issues.general} />
      {issues.count > 0 && <Text className={styles.status}>{t('workflow:designer_issues', { count: issues.count })}</Text>}
      <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
        <div className={styles.work} ref={canvasRef}>
          <Palette onAdd={addInView} />
          <DesignerCanvas model={draft.model} issues={issues} selection={selection} onModel={setModel} onSelect={setSelection} approverNames={approverNames} />
          <div className={styles.panel}>
            {selectedNode ? (
              <NodePanel model={draft.model} node={selectedNode} issues={issues.nodes[selectedNode.id] ?? []} roles={roles.data} onModel={setModel} onSelect={setSelection} />
            ) : selectedLink ? (
              <LinkPanel model={draft.model} link={selectedLink} issues={issues.links[selectedLink.id] ?? []} variables={variables.data ?? []} onModel={setModel} onSelect={setSelection} />
            ) : (
              <Text className={styles.hint}>{t('workflow:panel_hint')}</Text>
            )}
          </div>
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging && (
            <Button className={styles.overlay} icon={PALETTE_ICONS[dragging]}>
              {t(`workflow:node_${dragging}`)}
            </Button>
          )}
        </DragOverlay>
      </DndContext>
    </ToolDialog>
  )
}
