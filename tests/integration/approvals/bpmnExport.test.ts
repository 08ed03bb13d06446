import { runInNewContext } from 'node:vm'
import { Engine } from 'bpmn-engine'
import { describe, expect, it } from 'vitest'
import { fromBpmnXml } from '../../../src/hub/approvals/bpmn/fromBpmn'
import { readBpmnXml } from '../../../src/hub/approvals/bpmn/read'
import { CONDITION_LANGUAGE, toBpmnXml } from '../../../src/hub/approvals/bpmn/toBpmn'
import { startProcess } from '../../../src/hub/approvals/engine/run'
import { conditionHolds, type Condition, type ProcessModel } from '../../../src/shared/rules/approvals/process'

/** start → gate: the condition → `yes`, otherwise (default) → `no`; both → end. */
function branchOn(condition: Condition): ProcessModel {
  const approval = (id: string) => ({ id, type: 'approval' as const, name: id, x: 200, y: id === 'yes' ? 0 : 120, mode: 'any' as const, assignee: { kind: 'role' as const, roles: ['reviewer'], positions: [], users: [] } })
  return {
    nodes: [{ id: 'start', type: 'start', name: '', x: 0, y: 0, mode: 'any' }, { id: 'gate', type: 'condition', name: '', x: 100, y: 0, mode: 'any' }, approval('yes'), approval('no'), { id: 'end', type: 'end', name: '', x: 400, y: 0, mode: 'any' }],
    links: [
      { id: 'l1', source: 'start', target: 'gate', name: '', isDefault: false },
      { id: 'holds', source: 'gate', target: 'yes', name: '', isDefault: false, condition },
      { id: 'otherwise', source: 'gate', target: 'no', name: '', isDefault: true },
      { id: 'l3', source: 'yes', target: 'end', name: '', isDefault: false },
      { id: 'l4', source: 'no', target: 'end', name: '', isDefault: false },
    ],
  }
}

/**
 * bpmn-engine as it comes, with its expression handler evaluating a `${…}` as JavaScript over
 * the instance's variables (node:vm): what a script-minded engine does with the exported text,
 * sharing nothing with the hub's own reading of it.
 */
const javaScriptExpressions = {
  resolveExpression(text: string, context: { environment: { variables: Record<string, unknown> } }) {
    const m = /^\$\{([\s\S]*)\}$/.exec(text.trim())
    return m ? runInNewContext(m[1]!, { ...context.environment.variables }) : text
  },
  isExpression: (text: string) => /^\$\{[\s\S]*\}$/.test(text ?? ''),
  hasExpression: (text: string) => /\$\{[\s\S]*\}/.test(text ?? ''),
}

async function peerTakes(xml: string, variables: Record<string, unknown>): Promise<string[]> {
  const engine = new Engine({ name: 'peer', source: xml, expressions: javaScriptExpressions })
  const execution = await engine.execute({ variables })
  const waiting = execution.getPostponed().filter((a) => a.type === 'bpmn:UserTask').map((a) => a.id)
  await engine.stop()
  return waiting
}

const CONDITIONS: Condition[] = [
  { variable: 'changeSize', operator: 'gt', value: 1 },
  { variable: 'changeSize', operator: 'ge', value: 2 },
  { variable: 'changeSize', operator: 'lt', value: 2 },
  { variable: 'changeSize', operator: 'le', value: 1 },
  { variable: 'changeSize', operator: 'eq', value: 2 },
  { variable: 'changeSize', operator: 'ne', value: 2 },
  { variable: 'objectType', operator: 'eq', value: 'topic' },
  { variable: 'objectType', operator: 'ne', value: 'topic' },
  { variable: 'objectType', operator: 'in', value: 'topic, consumer' },
  { variable: 'organisation', operator: 'contains', value: 'HQ' },
  { variable: 'submitter', operator: 'eq', value: "o'neil" },
]
const SAMPLES: Record<string, unknown>[] = [
  { objectType: 'topic', action: 'update', application: '', organisation: 'HQ,SALES', changeSize: 1, submitter: "o'neil" },
  { objectType: 'consumer', action: 'create', application: 'erp', organisation: 'SALES', changeSize: 2, submitter: 'anna' },
  { objectType: 'producer', action: 'delete', application: '', organisation: '', changeSize: 5, submitter: 'bob' },
  { objectType: 'datasource', action: 'status', application: 'crm', organisation: 'HQ', changeSize: 0, submitter: 'o' },
]

describe('exported conditions', () => {
  it('are standard ${…} expressions in a document bpmn-moddle reads without warnings', async () => {
    const xml = await toBpmnXml('export.check', '导出', branchOn(CONDITIONS[8]!))
    // bpmn-moddle (bpmn.io's reader): no warnings, and the condition a plain formal expression in the default language.
    const { conditions, warnings } = await readBpmnXml(xml)
    expect(warnings).toEqual([])
    expect(conditions).toEqual([{ flow: 'holds', type: 'bpmn:FormalExpression', language: undefined, body: "${objectType == 'topic' || objectType == 'consumer'}" }])
    expect(xml).toContain('xsi:type="bpmn:tFormalExpression"')
  })

  it('are evaluated by bpmn-engine as the hub evaluates them, for every operator and sample', async () => {
    for (const condition of CONDITIONS) {
      const xml = await toBpmnXml('export.check', '导出', branchOn(condition))
      for (const variables of SAMPLES) {
        const expected = conditionHolds(condition, variables) ? ['yes'] : ['no']
        const label = `${JSON.stringify(condition)} on ${JSON.stringify(variables)}`
        expect(await peerTakes(xml, variables), `bpmn-engine: ${label}`).toEqual(expected)
        expect((await startProcess(xml, variables)).waiting, `the hub: ${label}`).toEqual(expected)
      }
    }
  })

  it('read back into the same model when the exported file is imported', async () => {
    for (const condition of CONDITIONS) {
      const model = branchOn(condition)
      const { draft, unsupported } = await fromBpmnXml(await toBpmnXml('round.trip', '往返', model))
      expect(unsupported).toEqual([])
      expect(draft.processKey).toBe('round.trip')
      const back = draft.model.links.find((l) => l.id === 'holds')!.condition!
      // `in` lists come back without the spaces after commas (the same list).
      expect(back).toEqual(condition.operator === 'in' ? { ...condition, value: String(condition.value).replace(/,\s+/g, ',') } : condition)
      expect(draft.model.nodes).toEqual(model.nodes)
    }
  })

  it('still run in the JSON language of definitions deployed before', async () => {
    const xml = (await toBpmnXml('legacy', '旧', branchOn(CONDITIONS[0]!))).replace(
      /<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">[^<]*<\/bpmn:conditionExpression>/,
      `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="${CONDITION_LANGUAGE}">${JSON.stringify(CONDITIONS[0]).replace(/"/g, '&quot;')}</bpmn:conditionExpression>`,
    )
    expect(xml).toContain(CONDITION_LANGUAGE)
    expect((await startProcess(xml, { changeSize: 2 })).waiting).toEqual(['yes'])
    expect((await startProcess(xml, { changeSize: 1 })).waiting).toEqual(['no'])
  })
})
