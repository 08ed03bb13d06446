// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { Subject } from '../../../../shared/contract/approvals/workbench'
import { installFakeBridge, ok } from '../../../test/fakeBridge'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import WorkbenchPage from './WorkbenchPage'

afterEach(resetState)

const subject = (id: string, title: string, extra: Partial<Subject>): Subject => ({
  id,
  title,
  processKey: 'change_review',
  processName: '变更审批',
  deployVersion: 1,
  businessType: 'change',
  state: 'reviewing',
  objectType: 'consumer',
  objectId: 'c1',
  objectName: 'orders / ERP',
  action: 'update',
  submitterId: 'u2',
  submitterName: 'editor1',
  startedAt: '2025-01-02T03:04:05.000Z',
  endedAt: null,
  currentNodes: [],
  nodes: [],
  myTaskId: null,
  ...extra,
})

describe('the workbench list', () => {
  it('names the node each subject stands at: an unnamed one by its kind, an ended one where it was decided, none as a dash', async () => {
    installFakeBridge({
      hub: {
        'platform.workbench.subjectList': ok({
          content: [
            subject('s1', '修改消费方：a', { currentNodes: ['approval_1'], nodes: [{ id: 'approval_1', name: '', type: 'approval' }] }),
            subject('s2', '修改消费方：b', { state: 'approved', endedAt: '2025-01-02T04:00:00.000Z', nodes: [{ id: 'boss', name: '领导审批', type: 'approval' }] }),
            subject('s3', '修改消费方：c', { state: 'approved', endedAt: '2025-01-02T03:04:05.000Z' }),
          ],
          totalElements: 3,
        }),
      },
    })
    renderWithProviders(<WorkbenchPage />)
    const table = await screen.findByRole('table', { name: '我的待办' })
    await within(table).findByRole('button', { name: '修改消费方：a' })
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === '当前节点')
    const nodeOf = (title: string) => within(within(table).getByRole('button', { name: title }).closest('tr')!).getAllByRole('cell')[column]!.textContent
    expect(nodeOf('修改消费方：a')).toBe('审批节点')
    expect(nodeOf('修改消费方：b')).toBe('领导审批')
    expect(nodeOf('修改消费方：c')).toBe('—')
  })
})
