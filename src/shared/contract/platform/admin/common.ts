import { z } from 'zod'
import { codeListRule } from '../../../rules/platform/status'

/** Shapes every administration contract shares. */
export const idInput = z.object({ id: z.string().trim().min(1, 'msg_field_required') })
export const idsShape = { ids: z.array(z.string().min(1)).min(1, 'msg_field_required').max(500, 'msg_field_invalid') }
export const statusInput = z.object({ id: z.string().trim().min(1), status: z.enum(['1', '0'], { error: 'msg_status_required' }) })
/** Optional text filter of a list query ('' means no filter). */
export const filterText = z.string().trim().max(100).optional()
export { codeListRule }

/** A node of a picker tree: id, code, name, children (organisations, positions, menus). */
export interface TreeNode {
  id: string
  code: string
  name: string
  status: string
  parentId: string | null
  children: TreeNode[]
}
export const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    status: z.string(),
    parentId: z.string().nullable(),
    children: z.array(treeNodeSchema),
  }),
)
