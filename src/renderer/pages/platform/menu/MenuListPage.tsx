import { TreeResourcePage } from '../../../admin/TreeResourcePage'
import type { PageProps } from '../../pageTypes'
import { menuTree } from './menuResource'

/** Menus (menu route MenuList): the tree table of menuTree, with add child, edit and delete. */
export default function MenuListPage(_: PageProps) {
  return <TreeResourcePage definition={menuTree} />
}
