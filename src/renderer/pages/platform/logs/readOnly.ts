import { z } from 'zod'
import type { ResourceDefinition } from '../../../admin/resource'

/**
 * What a log list's definition says about editing: nothing. Logs are written by the hub only;
 * there is no form, no create, no edit, no delete (purged by their retention parameters).
 */
export const readOnly: Pick<ResourceDefinition<{ id: string }>, 'fields' | 'rules' | 'toForm' | 'permissions'> = {
  fields: [],
  rules: { create: z.object({}) },
  toForm: () => ({}),
  permissions: {},
}
