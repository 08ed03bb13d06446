import { expect, it } from 'vitest'
import * as consumer from '../../../src/shared/contract/datahub/consumer'
import type { Consumer } from '../../../src/shared/contract/datahub/consumer'
import * as topic from '../../../src/shared/contract/datahub/topic'
import type { TopicDetail } from '../../../src/shared/contract/datahub/topic'
import * as workbench from '../../../src/shared/contract/approvals/workbench'
import type { Subject } from '../../../src/shared/contract/approvals/workbench'
import type { Paged } from '../../../src/shared/contract/paging'
import { openTestHub, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { callBenchOf } from '../../support/bench'
import { freshKey, PASSWORD, person, twoStepApproval } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'approval instances across restarts and concurrent decisions', (target) => {
  it('resumes an instance from the stored engine state after the hub restarts between two steps', async () => {
    const location = await target.create()
    try {
      const first = await openTestHub(location)
      const b = callBenchOf(first, await signIn(first.app))
      const { editor, reviewer } = await twoStepApproval(b, { suffix: '3', name: '重启', keyPrefix: 'restart', bossRoles: ['user'] })
      const t = await b.ok<TopicDetail>(topic.topicCreate, { code: `topic.${freshKey('r')}`, name: 'Restart' })
      const c = await b.ok<Consumer>(consumer.consumerCreate, { topicCode: t.code, applicationCode: 'erp', dataConsumeType: 'http', remark: 'old' })
      expect((await b.send(consumer.consumerUpdate, { id: c.id, version: c.version, remark: 'new', applicationName: 'After restart' }, { token: editor.token })).body.code).toBe('2020')
      const [task] = (await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'pending' }, reviewer.token)).content
      expect((await b.ok<Subject>(workbench.taskApprove, { taskId: task!.myTaskId }, reviewer.token)).currentNodes).toEqual(['领导审批'])
      await first.close()

      // A new hub process's worth of objects: nothing of the first is in memory.
      const second = await openTestHub(location)
      try {
        const b2 = callBenchOf(second, await signIn(second.app))
        const bossToken = await signIn(second.app, 'boss3', PASSWORD)
        const [bossTask] = (await b2.ok<Paged<Subject>>(workbench.subjectList, { box: 'pending' }, bossToken)).content
        expect(bossTask).toMatchObject({ id: task!.id, currentNodes: ['领导审批'] })
        expect((await b2.ok<Subject>(workbench.taskApprove, { taskId: bossTask!.myTaskId }, bossToken)).state).toBe('approved')
        expect(await b2.ok<Consumer>(consumer.consumerGet, { id: c.id })).toMatchObject({ remark: 'new', applicationName: 'After restart' })
      } finally {
        await second.close()
      }
    } finally {
      await location.cleanup()
    }
  })

  it('takes one step when two approvers of an any-one node decide at the same moment', async () => {
    const location = await target.create()
    const hub = await openTestHub(location)
    try {
      const b = callBenchOf(hub, await signIn(hub.app))
      const { editor, reviewer: r1, boss } = await twoStepApproval(b, { suffix: '4', name: '并发', keyPrefix: 'race', bossRoles: ['user'] })
      // A second reviewer: the first step takes any one of them.
      const r2 = await person(hub.store, hub.app, 'reviewer4b', ['reviewer'])
      const t = await b.ok<TopicDetail>(topic.topicCreate, { code: `topic.${freshKey('c')}`, name: 'Race' })
      await b.send(topic.topicUpdate, { id: t.id, version: t.version, name: 'Race 2', remark: 'two fields' }, { token: editor.token })
      const mine = async (p: { token: string }) => (await b.ok<Paged<Subject>>(workbench.subjectList, { box: 'pending' }, p.token)).content[0]!
      const [a, c] = await Promise.all([mine(r1), mine(r2)])
      const answers = await Promise.all([b.send(workbench.taskApprove, { taskId: a.myTaskId }, { token: r1.token }), b.send(workbench.taskApprove, { taskId: c.myTaskId }, { token: r2.token })])
      expect(answers.map((x) => x.body.code).sort()).toEqual(['2000', '4090'])
      // One step: the boss has exactly one task.
      expect((await b.ok<{ count: number }>(workbench.pendingCount, {}, boss.token)).count).toBe(1)
    } finally {
      await hub.close()
      await location.cleanup()
    }
  })
})
