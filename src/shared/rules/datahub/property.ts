import { z } from 'zod'

/**
 * A property row of a producer or consumer mode (spec §3). Code and value are required
 * ('key必填字段', 'props必填字段'): saving fails when a row lacks either.
 */
export const propertyRowRuleSchema = z.object({
  /** builtin rows come with the mode; custom rows were added and can be deleted. */
  propsSource: z.enum(['builtin', 'custom']).default('custom'),
  propsCode: z.string({ error: 'msg_props_code_required' }).trim().min(1, 'msg_props_code_required').max(200, 'msg_field_invalid'),
  propsName: z.string().max(200, 'msg_field_invalid').optional(),
  propsValue: z.string({ error: 'msg_props_value_required' }).min(1, 'msg_props_value_required').max(10000, 'msg_field_invalid'),
  propsDesc: z.string().max(1000, 'msg_field_invalid').optional(),
  /** JSON describing the input: a text box, or a select with a value list or dictionary reference. */
  propsValForm: z.string().max(10000, 'msg_field_invalid').optional(),
  propsLocation: z.string().max(50, 'msg_field_invalid').default('processor'),
})
export type PropertyRow = z.output<typeof propertyRowRuleSchema>
