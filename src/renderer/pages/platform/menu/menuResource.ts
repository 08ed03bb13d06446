import type { TreeNode } from '../../../../shared/contract/platform/admin/common'
import * as contract from '../../../../shared/contract/platform/admin/menus'
import type { MenuRecord } from '../../../../shared/contract/platform/admin/menus'
import { MENU_PERMISSION } from '../../../../shared/contract/platform/admin/permissions'
import { menuFormSchema } from '../../../../shared/rules/platform/menu'
import type { ResourceDefinition, TreeTableResource } from '../../../admin/resource'
import { i18n } from '../../../i18n'
import { COLUMN_MIN_WIDTH } from '../../../components/table/tableLayout'

/** A menu's name in the console's language. */
export const menuName = (m: MenuRecord, language: string): string => (language === 'en' ? m.menuNameEn : m.menuNameZh)

/** Menu records → tree nodes (the parent choices), named in the console's language. */
export const menuNodes = (menus: readonly MenuRecord[], language: string): TreeNode[] =>
  menus.map((m) => ({
    id: m.id,
    code: m.permission,
    name: menuName(m, language),
    status: '1',
    parentId: m.parentId || null,
    children: menuNodes(m.children, language),
  }))

/**
 * The menu form as a resource (spec part 2 §3 menu labels). `parents` are the catalog / menu
 * choices, given by the page that already holds the tree.
 */
export function menuResource(parents: TreeNode[]): ResourceDefinition<MenuRecord> {
  return {
    entity: 'admin:menu_entity',
    endpoints: { list: contract.menuListAll, create: contract.menuCreate, update: contract.menuUpdate, remove: contract.menuDelete },
    columns: [],
    fields: [
      { name: 'type', label: 'admin:menu_type', widget: 'radio', options: [{ value: 'catalog', label: 'admin:menu_type_catalog' }, { value: 'menu', label: 'admin:menu_type_menu' }] },
      { name: 'menuNameZh', label: 'admin:menu_name_zh', widget: 'text', required: true },
      { name: 'menuNameEn', label: 'admin:menu_name_en', widget: 'text', required: true },
      { name: 'parentId', label: 'admin:menu_parent', widget: 'select', options: [{ value: '', label: 'admin:tree_none' }, ...flatOptions(parents)] },
      { name: 'href', label: 'admin:menu_href', widget: 'text', visible: (v) => v.type === 'menu' },
      { name: 'routerName', label: 'admin:menu_router', widget: 'text', visible: (v) => v.type === 'menu', hint: 'admin:menu_router_hint' },
      { name: 'appCode', label: 'admin:menu_app', widget: 'text' },
      { name: 'permission', label: 'admin:menu_permission', widget: 'text' },
      { name: 'icon', label: 'admin:menu_icon', widget: 'text' },
      { name: 'weight', label: 'admin:menu_weight', widget: 'number' },
      { name: 'params', label: 'admin:menu_params', widget: 'textarea' },
    ],
    rules: { create: menuFormSchema },
    toForm: (row) => ({
      type: row?.type ?? 'menu',
      menuNameZh: row?.menuNameZh ?? '',
      menuNameEn: row?.menuNameEn ?? '',
      parentId: row?.parentId ?? '',
      href: row?.href ?? '',
      routerName: row?.routerName ?? '',
      appCode: row?.appCode ?? 'common',
      permission: row?.permission ?? '',
      icon: row?.icon ?? '',
      weight: String(row?.weight ?? 0),
      params: row?.params ?? '',
    }),
    toInput: (values, row) => (row ? { ...values, id: row.id } : values),
    permissions: { create: MENU_PERMISSION, update: MENU_PERMISSION, remove: MENU_PERMISSION },
  }
}

/**
 * The menus screen (menu route MenuList): the whole tree as a tree table. The console's
 * navigation is built from this data; a menu's children are deleted with it.
 */
export const menuTree: TreeTableResource<MenuRecord, MenuRecord> = {
  resource: (menus, language) => menuResource(menuNodes(menus, language)),
  tree: { endpoint: contract.menuListAll },
  columns: [
    { key: 'name', label: 'admin:menu_name', minWidth: COLUMN_MIN_WIDTH.wide, render: (m) => menuName(m, i18n.language) },
    { key: 'type', label: 'admin:menu_type', minWidth: COLUMN_MIN_WIDTH.short, render: (m) => i18n.t(m.type === 'catalog' ? 'admin:menu_type_catalog' : 'admin:menu_type_menu') },
    { key: 'href', label: 'admin:menu_href', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'permission', label: 'admin:menu_permission', minWidth: COLUMN_MIN_WIDTH.wide },
    { key: 'weight', label: 'admin:menu_weight', minWidth: COLUMN_MIN_WIDTH.number },
  ],
  addChildLabel: 'admin:menu_add_child',
  createInitial: { type: 'catalog' },
  childInitial: (m) => ({ parentId: m.id, appCode: m.appCode }),
  toRow: (m) => m,
  deleteConfirm: 'admin:menu_delete_confirm',
  nameOf: menuName,
}

/**
 * Parent choices as select options. Option labels are i18n keys elsewhere; menu names are data,
 * and t() returns text it does not know as it is, so they pass through unchanged.
 */
function flatOptions(nodes: readonly TreeNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [{ value: n.id, label: '\u00a0\u00a0'.repeat(depth) + n.name }, ...flatOptions(n.children, depth + 1)])
}
