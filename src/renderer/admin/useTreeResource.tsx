import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Endpoint } from '../../shared/endpoint'
import { callHub } from '../api/hub'
import { useHubQuery } from '../api/query'
import { showToast } from '../api/signals'
import { useConfirm } from '../components/useConfirm'
import { ResourceDialog } from './ResourceDialog'
import type { FormValues, TreeResource } from './resource'
import { useCan } from './usePermission'

/** Before the first answer: one empty tree, not a new one each render (the resource is memoised on it). */
const NO_NODES: never[] = []

/**
 * A tree screen's data and editing (see TreeResource): the whole tree for `keyword`, reloaded
 * after every change; create, add child, edit and delete (after a question) through the
 * resource's dialog. `dialogs` is what the screen renders for them.
 */
export function useTreeResource<N extends { id: string; children: readonly N[] }, R extends { id: string }>(definition: TreeResource<N, R>, { keyword = '', onSaved }: { keyword?: string; onSaved?: (record: R) => void } = {}) {
  const { t, i18n } = useTranslation()
  const can = useCan()
  const { confirm, dialog } = useConfirm()
  const [editor, setEditor] = useState<{ row?: R; initial?: FormValues | undefined } | null>(null)
  const { endpoint, input } = definition.tree
  const tree = useHubQuery(endpoint, (input ? input(keyword) : undefined) as never)
  const nodes = (tree.data as N[] | undefined) ?? NO_NODES
  const { reload } = tree

  const describe = definition.resource
  const resource = useMemo(() => (typeof describe === 'function' ? describe(nodes, i18n.language) : describe), [describe, nodes, i18n.language])
  const { permissions } = resource
  const editable = can(permissions.create) && can(permissions.update) && can(permissions.remove)

  const edit = async (node: N) => {
    if (definition.toRow) return setEditor({ row: definition.toRow(node) })
    const r = await callHub(resource.endpoints.get as Endpoint, { id: node.id } as never)
    if (r.ok) setEditor({ row: r.data as R })
  }
  /** Deletes after the question; true when the hub did. */
  const remove = async (target: N | R) => {
    const message = t(definition.deleteConfirm ?? 'admin:delete_confirm', { name: definition.nameOf?.(target, i18n.language) ?? '' })
    if (!(await confirm({ title: t('admin:delete_title', { entity: t(resource.entity) }), message }))) return false
    const r = await callHub(resource.endpoints.remove as Endpoint, { id: target.id } as never)
    if (!r.ok) return false
    showToast({ intent: 'success', message: t('messages:msg_success') })
    reload()
    return true
  }

  const dialogs = (
    <>
      {editor && (
        <ResourceDialog
          definition={resource}
          row={editor.row}
          initial={editor.initial}
          onClose={() => setEditor(null)}
          onSaved={(record) => {
            setEditor(null)
            onSaved?.(record)
            reload()
          }}
        />
      )}
      {dialog}
    </>
  )

  return {
    nodes,
    reload,
    resource,
    editable,
    create: () => setEditor({ initial: definition.createInitial }),
    addChild: (parent: N | R) => setEditor({ initial: definition.childInitial ? definition.childInitial(parent) : { parentId: parent.id } }),
    edit,
    /** Opens the form on a record the screen already holds. */
    editRecord: (row: R) => setEditor({ row }),
    remove,
    dialogs,
  }
}
