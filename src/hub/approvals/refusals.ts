import { ResultCode } from '../../shared/envelope'
import { Refusal, conflict, notFound } from '../kernel/refusal'

/** The approval workflow's refusals: a code of the catalogue and a message key each. */

export const processTypeNotFound = notFound('msg_process_type_not_found')
export const processNotFound = notFound('msg_process_not_found')
export const subjectNotFound = notFound('msg_subject_not_found')
export const taskNotFound = notFound('msg_process_task_not_found')
export const roleNotFound = notFound('msg_role_not_found')

export const stale = conflict('msg_version_stale')
export const processTypeDuplicate = conflict('msg_process_type_code_duplicate')
export const processTypeInUse = conflict('msg_process_type_in_use')
export const processKeyDuplicate = conflict('msg_process_key_duplicate')
export const processKeyLocked = conflict('msg_process_key_locked')
export const processInUse = conflict('msg_process_in_use')
export const processNotDeployed = conflict('msg_process_not_deployed')
/** Spec: "data currently changing cannot be changed again". */
export const dataChanging = conflict('msg_data_changing')
/** Spec: "status does not support the operation" — a decided subject, a task no longer pending. */
export const statusRefuses = conflict('msg_status_not_support')
export const notYourTask = () => new Refusal(ResultCode.forbidden, 'msg_process_task_not_yours')
export const notYourSubject = () => new Refusal(ResultCode.forbidden, 'msg_subject_not_yours')
export const noApprover = (node: string) => new Refusal(ResultCode.conflict, 'msg_process_no_approver', { node })
export const linkInvalid = () => new Refusal(ResultCode.forbidden, 'msg_approval_link_invalid')
export const linkUsed = () => new Refusal(ResultCode.conflict, 'msg_approval_link_used')
export const linkExpired = () => new Refusal(ResultCode.conflict, 'msg_approval_link_expired')
/** Not a failure: the save was submitted for approval instead of applied. */
export const changeSubmitted = (name: string) => new Refusal(ResultCode.changeSubmitted, 'msg_change_submitted', { name })
/** Another approver's step got in first (two nodes, two clicks): the caller looks again. */
export const stepRaced = conflict('msg_process_step_raced')
