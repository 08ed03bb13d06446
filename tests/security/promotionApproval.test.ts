import { afterAll, beforeAll, expect, it } from 'vitest'
import * as topic from '../../src/shared/contract/datahub/topic'
import type { TopicDetail } from '../../src/shared/contract/datahub/topic'
import * as workbench from '../../src/shared/contract/approvals/workbench'
import type { Subject } from '../../src/shared/contract/approvals/workbench'
import type { Paged } from '../../src/shared/contract/paging'
import type { PromotionDocument } from '../../src/shared/contract/promotion/document'
import { PROMOTION_PERMISSION, promotionApply, promotionExport, promotionPlan, type PromotionPlan } from '../../src/shared/contract/promotion/endpoints'
import { describeEachStore, storeTargets } from '../support/stores'
import { freshCode, openBench, refusal, type Bench } from '../integration/datahub/support'
import { addRole, deployed, freshKey, oneStepModel, person, requireApproval, WORKBENCH, type Person } from '../integration/approvals/support'

/**
 * Issue 31, finding #2: an import must not go round change approval. A user whose role's changes
 * need approval (topic/create answers 2020) created and renamed topics through promotion/apply,
 * even one under review. Now an object under change control is refused in the plan — under
 * review: the editors' 4090 msg_data_changing, whoever imports; the importer's changes need
 * approval: 4031 msg_promotion_needs_approval — and an apply with such a problem writes nothing.
 * The administrator (no approval) still applies the same documents.
 */
const targets = await storeTargets()
const changing = { code: '4090', message: '数据正在变更中，不能再次变更' }
const needsApproval = { code: '4031', message: '你的变更需要审批：导入不能提交审批，请在编辑页面逐项修改并提交审批，或由无需审批的用户导入' }

describeEachStore(targets, 'promotion does not skip change approval (issue 31 #2)', (target) => {
  let b: Bench
  let editor: Person

  beforeAll(async () => {
    b = await openBench(target, { publicUrl: 'http://hub.test' })
    await addRole(b.hub.store, 'importer', ['datahub', 'datahub:topic', PROMOTION_PERMISSION, ...WORKBENCH])
    await addRole(b.hub.store, 'reviewer', WORKBENCH)
    editor = await person(b.hub.store, b.hub.app, 'importer1', ['importer'])
    await person(b.hub.store, b.hub.app, 'reviewer1', ['reviewer'])
    const processKey = freshKey('promo')
    await deployed(b, { processKey, name: '导入审批', model: oneStepModel() })
    await requireApproval(b, b.hub.store, 'importer', processKey)
  })
  afterAll(async () => b?.close())

  const exported = async (code: string) => (await b.ok<PromotionDocument>(promotionExport, { topics: [code] })).topics[0]!
  const live = async (code: string) => (await b.hub.store.db.withTables<{ topics: { code: string; name: string; is_delete: string } }>().selectFrom('topics').select(['name']).where('code', '=', code).where('is_delete', '=', '0').execute()).map((t) => t.name)
  const problemsOf = (plan: PromotionPlan, code: string) => plan.items.find((i) => i.kind === 'topic' && i.code === code)!.problems.map((p) => ({ code: p.code, message: p.message }))
  const notApplied = { code: '4090', message: '有 1 处问题，未导入任何配置；请重新生成计划查看' }

  it('refuses a topic created or renamed by an importer whose changes need approval; the administrator applies it', async () => {
    // The editors submit this user's changes for review.
    expect(refusal(await b.send(topic.topicCreate, { code: freshCode(), name: 'Edited' }, { token: editor.token })).code).toBe('2020')

    const existing = await b.topic({ name: 'Before' })
    const created = { ...(await exported(existing.code)), code: freshCode(), name: 'Imported' }
    const renamed = { ...(await exported(existing.code)), name: 'Renamed' }
    for (const entry of [created, renamed]) {
      const document = { formatVersion: 1, topics: [entry] }
      const plan = await b.ok<PromotionPlan>(promotionPlan, { document, values: {} }, editor.token)
      expect(problemsOf(plan, entry.code)).toEqual([needsApproval])
      expect(refusal(await b.send(promotionApply, { document, values: {} }, { token: editor.token }))).toEqual(notApplied)
    }
    expect(await live(created.code)).toEqual([])
    expect(await live(existing.code)).toEqual(['Before'])

    for (const entry of [created, renamed]) await b.ok(promotionApply, { document: { formatVersion: 1, topics: [entry] }, values: {} })
    expect(await live(created.code)).toEqual(['Imported'])
    expect(await live(existing.code)).toEqual(['Renamed'])
  })

  it('refuses a topic under review to anyone, as the editors do; free again, the administrator applies it', async () => {
    const t = await b.topic({ name: 'Reviewed' })
    const submitted = await b.send(topic.topicUpdate, { id: t.id, version: t.version, name: 'Proposed' }, { token: editor.token })
    expect(refusal(submitted).code).toBe('2020')
    // What the editor answers the administrator now…
    expect(refusal(await b.send(topic.topicUpdate, { id: t.id, version: t.version, name: 'Direct' }))).toEqual(changing)

    // …and what an import of the same change answers.
    const document = { formatVersion: 1, topics: [{ ...(await exported(t.code)), name: 'Imported' }] }
    for (const token of [b.admin, editor.token]) {
      const plan = await b.ok<PromotionPlan>(promotionPlan, { document, values: {} }, token)
      expect(problemsOf(plan, t.code)).toEqual([changing])
      expect(refusal(await b.send(promotionApply, { document, values: {} }, { token }))).toEqual(notApplied)
    }
    expect(await live(t.code)).toEqual(['Reviewed'])

    // The submitter withdraws the change: the topic is free, and the import applies.
    const mine = (await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'submitted', state: 'reviewing' }, editor.token)).content.filter((s) => s.objectId === t.id)
    expect(mine).toHaveLength(1)
    await b.ok(workbench.subjectUndo, { id: mine[0]!.id }, editor.token)
    await b.ok(promotionApply, { document, values: {} })
    expect(await live(t.code)).toEqual(['Imported'])
    expect((await b.ok<TopicDetail>(topic.topicDetail, { id: t.id })).name).toBe('Imported')
  })
})
