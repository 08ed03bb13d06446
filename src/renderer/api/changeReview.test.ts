import { describe, expect, it } from 'vitest'
import { changingObjects, pendingCount, subjectList } from '../../shared/contract/approvals/workbench'
import { CHANGE_REVIEW_READS, isChangeSubmitted } from './changeReview'
import type { CallResult } from './hub'

describe('a change submitted for review', () => {
  it('is the 2020 answer only', () => {
    const answers: CallResult<null>[] = [
      { ok: false, code: '2020', message: 'submitted' },
      { ok: false, code: '4090', message: 'changing' },
      { ok: true, data: null, message: '' },
    ]
    expect(answers.map(isChangeSubmitted)).toEqual([true, false, false])
  })

  it('makes the contract’s changing marks, workbench lists and pending count stale', () => {
    expect([...CHANGE_REVIEW_READS]).toEqual([changingObjects.id, subjectList.id, pendingCount.id])
  })
})
