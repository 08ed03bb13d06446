import { z } from 'zod'
import { PROCESSOR_TYPES, type ProcessorType } from './common'

/**
 * Syntaxes whose expression computes the routing key itself (code, not a path): for these only
 * syntax and expression are required (spec part 1 §5).
 */
export const KEYLESS_ROUTE_SYNTAX: readonly ProcessorType[] = ['Java', 'JavaScript', 'Bean']

export const ROUTE_EXPRESSION_MAX = 9999
export const ROUTING_KEY_MAX = 200

/** One row of a topic's route table (used when distributeType is '2'). */
export const routeRowRuleSchema = z
  .object({
    syntax: z.enum(PROCESSOR_TYPES, { error: 'msg_route_syntax_required' }).default('JsonPath'),
    expression: z.string({ error: 'msg_route_expression_required' }).trim().min(1, 'msg_route_expression_required').max(ROUTE_EXPRESSION_MAX, 'msg_processor_expression_length'),
    routingKey: z.string().trim().max(ROUTING_KEY_MAX, 'msg_routing_key_length').default(''),
  })
  .superRefine((row, ctx) => {
    if (!KEYLESS_ROUTE_SYNTAX.includes(row.syntax) && row.routingKey === '') {
      ctx.addIssue({ code: 'custom', path: ['routingKey'], message: 'msg_route_routing_key_required', input: row.routingKey })
    }
  })
export type RouteRowForm = z.input<typeof routeRowRuleSchema>
