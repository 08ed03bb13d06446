import { conditionHolds, conditionSchema } from '../../../shared/rules/approvals/process'
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
 * flow's condition in CONDITION_LANGUAGE is JSON ({variable, operator, value}) tested against the
 * instance's variables, with no code evaluated. Any other language is unknown here, so a
 * definition made elsewhere with script conditions fails to run instead of running code.
 */
export const conditionScripts = {
  register: (): undefined => undefined,
  // Typed as the engine's (a script always), though undefined is what it expects for "not mine".
  getScript(language: string, flow: ConditionFlow): ConditionScript {
    if (language !== CONDITION_LANGUAGE) return undefined as unknown as ConditionScript
    const condition = conditionSchema.parse(JSON.parse(flow.behaviour?.conditionExpression?.body ?? 'null'))
    return {
      execute(scope: Scope, next: CallableFunction) {
        next(null, conditionHolds(condition, scope.environment.variables))
      },
    }
  },
}
