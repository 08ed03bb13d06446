import { ResultCode } from '../../shared/envelope'

/**
 * A save answered '2020' (issue 19): the caller's role needs approval, so the hub submitted the
 * change for review instead of applying it. Not a failure: the form tells the user so and the
 * object shows as "changing" until the change is decided on the workbench.
 */
export const isChangeSubmitted = (r: { ok: boolean; code?: string }): boolean => !r.ok && r.code === ResultCode.changeSubmitted

/**
 * The reads a submitted change makes stale: the lists' "changing" marks, the workbench's lists and
 * its menu badge. By endpoint id, so that the hub client (in the first chunk) does not import the
 * approvals contract; changeReview.test.ts checks the ids against the contract.
 */
export const CHANGE_REVIEW_READS = ['platform.workbench.changingObjects', 'platform.workbench.subjectList', 'platform.workbench.pendingCount'] as const
