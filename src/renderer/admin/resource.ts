import type { TransferKind } from '../../shared/contract/platform/admin/transfer'
import type { HubResult } from '../../shared/envelope'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import type { z } from 'zod'
import type { Endpoint } from '../../shared/endpoint'
import type { TreeNode } from '../../shared/contract/platform/admin/common'
import type { ChangeObjectType } from '../../shared/rules/approvals/process'

/**
 * A resource definition: one administration screen described as data (architecture "Screens
 * as data", conventions #6). ResourceListPage renders the search form, table, pagination,
 * status toggle, delete and the create/edit dialog from it; ResourceForm renders its fields.
 * Texts are i18n keys ('admin:role_code'), translated where they are shown.
 *
 * Writing a new screen: declare the endpoints of the shared contract, the columns, the form
 * fields (widgets and rules come from src/shared/rules), the filters and the permission codes;
 * add `rowActions` for what is special. See src/renderer/pages/platform/* for examples.
 */

/** Values of a form: what the widgets edit (text, numbers as text, lists of ids). */
export type FormValues = Record<string, unknown>

/** A choice of a select or radio: value and the i18n key of its label. */
export interface Option {
  value: string
  label: string
}

/** Where the nodes of a tree select come from: an endpoint answering TreeNode[]. */
export interface TreeSource {
  endpoint: Endpoint
  input?: unknown
}

/**
 * Choices loaded from an endpoint (e.g. users for a person in charge). Labels are data, shown
 * as they come (not translated).
 */
export interface RemoteSource {
  endpoint: Endpoint
  input?: unknown
  options: (data: unknown) => { value: string; label: string }[]
}

export type Widget = 'text' | 'password' | 'textarea' | 'number' | 'select' | 'dictionary' | 'radio' | 'date' | 'tree' | 'treeMulti' | 'remoteSelect' | 'application' | 'custom'

/** What a 'custom' widget is given: the field's value and the form's callbacks. */
export interface CustomWidgetProps {
  value: unknown
  onChange: (value: unknown) => void
  onBlur: () => void
  disabled?: boolean
}

export interface FieldDef {
  /** The form value's key, also the path of its messages (rules and 4001 answers). */
  name: string
  /** i18n key of the label. */
  label: string
  widget: Widget
  required?: boolean
  /** 'select' and 'radio': fixed choices. */
  options?: readonly Option[]
  /** 'dictionary', or 'radio' bound to a dictionary. */
  dictType?: string
  /** 'tree' / 'treeMulti': the nodes (organisations, positions, menus…). */
  tree?: TreeSource
  /** 'treeMulti': i18n key of what the box says when there is nothing to choose (default widgets:empty). */
  empty?: string
  /** 'remoteSelect': the choices (an empty "none" comes first). */
  remote?: RemoteSource
  /** 'application' (an enabled application's code, as the producer and consumer editors pick it): the form value its name goes to. */
  nameField?: string
  /**
   * 'custom': a control of several parts an area brings (the alarm rules' receivers). It is shown
   * in a labelled group, not a Field, so each of its controls keeps its own name.
   */
  component?: ComponentType<CustomWidgetProps>
  /** Shown only when creating (e.g. the first password) or only when editing. */
  only?: 'create' | 'edit'
  /** Shown but not editable when editing (e.g. a code other records refer to). */
  lockedOnEdit?: boolean
  /** Shown only when this is true for the current values. */
  visible?: (values: FormValues) => boolean
  /** i18n key of a hint under the field. */
  hint?: string
}

export interface ColumnDef<R> {
  key: string
  /** i18n key of the header. */
  label: string
  /** A dictionary the value is a value of: the cell shows its label. */
  dictType?: string
  /** 'date': yyyy-MM-dd hh:mm:ss; 'list': joined with the locale's separator. */
  kind?: 'date' | 'list'
  render?: (row: R) => ReactNode
  /**
   * Narrowest the column gets, in CSS px (default by what it shows: components/table/tableLayout).
   * Below the sum of a table's minimums the table scrolls sideways; a longer value is cut with an
   * ellipsis and shown whole in a tooltip. Give long values (paths, codes, JSON) more.
   */
  minWidth?: number
}

export interface FilterDef {
  name: string
  label: string
  /** 'date': a day, yyyy-MM-dd (the logs' from and to). */
  widget: 'text' | 'dictionary' | 'select' | 'date'
  dictType?: string
  options?: readonly Option[]
}

/** What a row action may use: reload the list, ask before acting, open something of its own. */
export interface RowActionContext {
  reload: () => void
  /** Go to another route of the console (e.g. the role authorisation screen). */
  navigate: (to: string) => void
  confirm: (request: { title: string; message: string }) => Promise<boolean>
}

export interface RowAction<R> {
  key: string
  /** i18n key of the button label. */
  label: string
  icon?: ReactElement
  /** The permission code the action needs; the button is hidden without it. */
  permission?: string
  visible?: (row: R) => boolean
  /** Rarely used: in the row's ⋯ menu instead of a button (components/table/RowActions). */
  overflow?: boolean
  run: (row: R, ctx: RowActionContext) => void | Promise<void>
}

/** Permission codes per action; the console hides what the user lacks (the hub refuses it anyway, 4031). */
export interface ResourcePermissions {
  create?: string
  update?: string
  remove?: string
  status?: string
}

export interface ResourceDefinition<R extends { id: string }> {
  /** Entity name, used in labels of the table and dialog ('admin:role_entity'). */
  entity: string
  endpoints: {
    /** Answers a page (`content`, `totalElements`) or, for a short list, an array of every row. */
    list: Endpoint
    get?: Endpoint
    create?: Endpoint
    update?: Endpoint
    remove?: Endpoint
    status?: Endpoint
  }
  /** Input of the list call from the applied filters and the page. */
  listInput?: (filters: Record<string, string>, page: { pageNum: number; pageSize: number }) => unknown
  removeInput?: (row: R) => unknown
  statusInput?: (row: R, status: string) => unknown
  /** The row's status value ('1' normal / enabled); with `endpoints.status`, a switch column. */
  status?: { field: keyof R & string; on: string; off: string }
  columns: readonly ColumnDef<R>[]
  filters?: readonly FilterDef[]
  fields: readonly FieldDef[]
  /** Rules of the form (shared zod schema); create and edit may differ. */
  rules: { create: z.ZodType; update?: z.ZodType }
  /** Form values for a new record, or from an existing one. */
  toForm: (row?: R) => FormValues
  /** Input of create / update from the values the rules parsed. */
  toInput?: (values: Record<string, unknown>, row?: R) => unknown
  permissions: ResourcePermissions
  rowActions?: readonly RowAction<R>[]
  pageSizes?: readonly number[]
  /** Excel import and export of this list (hub: `<entity>/import`, `<entity>/export`). */
  transfer?: TransferKind
  /**
   * An Excel export of the list as it is filtered (the audit log): `run` asks the main process
   * to download and save it (a native save dialog); '5040' when the user cancels.
   */
  exportFiltered?: { permission?: string; run: (filters: Record<string, string>) => Promise<HubResult<unknown>> }
  /**
   * The records are hub configuration under change control (issue 19): the list marks a record
   * with a change under review ("changing"), its dialog says saves are refused meanwhile.
   */
  changeControl?: ChangeObjectType
}

/**
 * A tree screen (organisations, menus, positions under link model 1) as data: the whole tree
 * from one endpoint, edited through a resource's create / edit dialog, nodes deleted by id.
 * useTreeResource loads and edits it; TreeResourcePage shows it as a tree table. A tree screen
 * is edited as a whole: its create, update and remove permission codes are the same one.
 * `R` is the record the form edits; `N` a node of the tree (for menus the two are one).
 */
export interface TreeResource<N extends { id: string; children: readonly N[] }, R extends { id: string }> {
  /** The form, the remove endpoint, the permissions, the entity and the Excel transfer; menus build it from the loaded tree (their parent choices). */
  resource: ResourceDefinition<R> | ((nodes: readonly N[], language: string) => ResourceDefinition<R>)
  /** The endpoint answering the whole tree; `input` from the screen's keyword filter (empty when it has none). */
  tree: { endpoint: Endpoint; input?: (keyword: string) => unknown }
  /** Form values of a record created from the toolbar (menus start as a catalog). */
  createInitial?: FormValues
  /** Form values of a child of `parent` (default: its parent is `parent`). */
  childInitial?: (parent: N | R) => FormValues
  /** The record a node is, when it is one (menus); otherwise `resource.endpoints.get` fetches it by id. */
  toRow?: (node: N) => R
  /** i18n key of the delete question (default admin:delete_confirm), given `{name}`. */
  deleteConfirm?: string
  /** The name in the delete question. */
  nameOf?: (target: N | R, language: string) => string
}

/** A tree screen shown as a tree table: its columns (the first indented by depth) and the add child label (i18n key). */
export interface TreeTableResource<N extends { id: string; children: readonly N[] }, R extends { id: string }> extends TreeResource<N, R> {
  columns: readonly ColumnDef<N>[]
  addChildLabel: string
}

/** Depth-first list of a tree's nodes with their depth (for indented selects and checklists). */
export function flattenTree(nodes: readonly TreeNode[], depth = 0): { node: TreeNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)])
}
