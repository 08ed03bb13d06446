import { conditionHolds, conditionSchema, type Condition } from '../../../shared/rules/approvals/process'
import { parseConditionExpression } from '../bpmn/expressions'
import { CONDITION_LANGUAGE } from '../bpmn/toBpmn'

interface ConditionFlow {
  id: string
  behaviour?: { conditionExpression?: { body?: string } }
}
interface Scope {
  environment: { variables: Record<string, unknown> }
}
interface ConditionScript {
  execute(scope: Scope, next: CallableFunction): void
}

/**
 * The engine's "scripts" (bpmn-elements' extension point for condition languages): a sequence
 * flow's condition is read into the designer's condition and tested against the instance's
 * variables, with no code evaluated. Two forms: an expression without a language (`${changeSize
 * > 1}`, as toBpmn writes it: bpmn/expressions.ts) and, for definitions deployed before, JSON in
 * CONDITION_LANGUAGE. Any other language, or an expression that is not one condition, is unknown
 * here, so a definition made elsewhere with script conditions fails to run instead of running code.
 */
function conditionOf(language: string | undefined, body: string): Condition | undefined {
  if (language === CONDITION_LANGUAGE) return conditionSchema.parse(JSON.parse(body || 'null'))
  if (language) return undefined
  const parsed = parseConditionExpression(body)
  return parsed.ok ? parsed.condition : undefined
}

export const conditionScripts = {
  register: (): undefined => undefined,
  // Typed as the engine's (a script always), though undefined is what it expects for "not mine".
  getScript(language: string | undefined, flow: ConditionFlow): ConditionScript {
    const condition = conditionOf(language, flow.behaviour?.conditionExpression?.body ?? '')
    if (!condition) return undefined as unknown as ConditionScript
    return {
      execute(scope: Scope, next: CallableFunction) {
        next(null, conditionHolds(condition, scope.environment.variables))
      },
    }
  },
}
