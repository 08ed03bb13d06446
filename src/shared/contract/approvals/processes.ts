import { z } from 'zod'
import { defineEndpoint } from '../../endpoint'
import { processInputShape, processLinkSchema, processModelSchema, processNodeSchema, SUBJECT_STATES } from '../../rules/approvals/process'
import { uploadedFileSchema } from '../platform/licence'
import { pagedSchema, pageQueryShape } from '../paging'
import { codeListRule } from '../../rules/platform/status'
import { PROCESS_PERMISSION } from './permissions'
import { approverNamesSchema, subjectSchema } from './workbench'

/**
 * Process definitions (spec part 2 §7 "Process"): the designer's model, stored with the BPMN 2.0
 * XML made from it (so other modelers open it); deploying makes an immutable numbered version
 * that new instances start on, while running instances keep theirs.
 */
export const processSummarySchema = z.object({
  id: z.string(),
  processKey: z.string(),
  name: z.string(),
  typeId: z.string(),
  /** '' when the type is gone or none is set. */
  typeName: z.string(),
  remark: z.string(),
  version: z.number().int(),
  /** The newest deployed version of this key; null before the first deploy. */
  deployedVersion: z.number().int().nullable(),
  /** The definition was saved since its newest deploy (the designer shows "not deployed"). */
  changedSinceDeploy: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
})
export type ProcessSummary = z.output<typeof processSummarySchema>

export const processDetailSchema = processSummarySchema.extend({
  model: processModelSchema,
  bpmnXml: z.string(),
})
export type ProcessDetail = z.output<typeof processDetailSchema>

export const deploymentSchema = z.object({
  id: z.string(),
  processId: z.string(),
  processKey: z.string(),
  name: z.string(),
  typeId: z.string(),
  deployVersion: z.number().int(),
  deployedAt: z.string(),
  deployedBy: z.string(),
})
export type Deployment = z.output<typeof deploymentSchema>

export const processInputSchema = z.object(processInputShape)
export type ProcessInput = z.input<typeof processInputSchema>

const base = { area: 'platform', access: 'session', permission: PROCESS_PERMISSION } as const
const idInput = z.object({ id: z.string().trim().min(1, 'msg_process_not_found') })

/** Newest change first; `name` filters key or name, `typeId` the type. */
export const processList = defineEndpoint({
  ...base,
  id: 'platform.process.list',
  method: 'GET',
  path: '/process/manage/list',
  input: z.object({ ...pageQueryShape, name: z.string().trim().max(100).optional(), typeId: z.string().trim().max(64).optional() }),
  output: pagedSchema(processSummarySchema),
})
export const processDetail = defineEndpoint({ ...base, id: 'platform.process.detail', method: 'GET', path: '/process/manage/detail', input: idInput, output: processDetailSchema })
/** Validated with the spec's missing-parameter messages (process key, name, node list, link list, role) and the graph's rules. */
export const processAdd = defineEndpoint({ ...base, id: 'platform.process.add', method: 'POST', path: '/process/manage/add', input: processInputSchema, output: processDetailSchema })
/** The key is fixed once saved (deployed versions and instances are found by it). */
export const processUpdate = defineEndpoint({
  ...base,
  id: 'platform.process.update',
  method: 'POST',
  path: '/process/manage/update',
  input: processInputSchema.extend({ id: z.string().trim().min(1, 'msg_process_not_found'), version: z.number().int() }),
  output: processDetailSchema,
})
/** POST: deploys the definition as it is saved now (its `version` must still be current): a new immutable version of its key. */
export const processDeploy = defineEndpoint({
  ...base,
  id: 'platform.process.deploy',
  method: 'POST',
  path: '/process/manage/deploy',
  input: z.object({ id: z.string().trim().min(1, 'msg_process_not_found'), version: z.number().int() }),
  output: deploymentSchema,
})
/** GET: the deployed versions of a key, newest first (the spec lists /deploy under GET too). */
export const processDeployments = defineEndpoint({
  ...base,
  id: 'platform.process.deployments',
  method: 'GET',
  path: '/process/manage/deploy',
  input: z.object({ processKey: z.string({ error: 'msg_process_key_missing' }).trim().min(1, 'msg_process_key_missing') }),
  output: z.array(deploymentSchema),
})
/**
 * GET, so it changes nothing: an editable duplicate of a definition as an unsaved draft (key
 * `<key>_copy`, name with a copy suffix, same model) that the designer opens and saves with /add.
 */
export const processCopy = defineEndpoint({ ...base, id: 'platform.process.copy', method: 'GET', path: '/process/manage/copy', input: idInput, output: z.object(processInputShape) })
/** What a BPMN file holds that the designer's model cannot: the element, its name, and why (translated). */
export const bpmnUnsupportedSchema = z.object({
  /** The element's id in the file ('' for the file as a whole). */
  id: z.string(),
  name: z.string(),
  /** Its BPMN type, e.g. `bpmn:ServiceTask`. */
  element: z.string(),
  /** The message key (msg_bpmn_…) and its text in the caller's language. */
  reason: z.string(),
  message: z.string(),
})
export type BpmnUnsupported = z.output<typeof bpmnUnsupportedSchema>

export const bpmnImportSchema = z.object({
  /** An unsaved add input for the designer, as /copy answers; the model as far as it could be read (its arrays not yet bounded: the checks below say so). */
  draft: z.object({
    processKey: z.string(),
    name: z.string(),
    typeId: z.string(),
    remark: z.string(),
    model: z.object({ nodes: z.array(processNodeSchema), links: z.array(processLinkSchema) }),
  }),
  /** Everything of the file that was left out or changed, for the operator to see before confirming. */
  unsupported: z.array(bpmnUnsupportedSchema),
  /** The draft's own problems that saving would refuse (the graph's rules, unknown approvers), translated, at their paths. */
  issues: z.array(z.object({ path: z.string(), key: z.string(), message: z.string() })),
})
export type BpmnImport = z.output<typeof bpmnImportSchema>

/**
 * Reads a BPMN 2.0 file made by another modeler (bpmn.io, Camunda Modeler, Flowable, Activiti;
 * multipart field `file`) into an unsaved draft for the designer, changing nothing: user tasks
 * become approval nodes (their assignee, candidate users and candidate groups as named users or
 * roles), exclusive and parallel gateways condition and parallel nodes, sequence-flow conditions
 * (JUEL `${…}`, FEEL, JavaScript comparisons) the designer's conditions, and the diagram their
 * positions; what cannot be represented is listed in `unsupported`. The operator confirms, then
 * the designer opens the draft and saves it with /add. A file that is not BPMN 2.0 XML is '4001'
 * msg_bpmn_invalid at `file`.
 */
export const processImportBpmn = defineEndpoint({
  ...base,
  id: 'platform.process.importBpmn',
  method: 'POST',
  path: '/process/manage/importBpmn',
  upload: true,
  input: z.object({ file: uploadedFileSchema }),
  output: bpmnImportSchema,
})
/** Instances (workbench subjects) of a key, or of every key: the administrator's view. */
export const processListSubject = defineEndpoint({
  ...base,
  id: 'platform.process.listSubject',
  method: 'GET',
  path: '/process/manage/listSubject',
  input: z.object({ ...pageQueryShape, processKey: z.string().trim().max(64).optional(), state: z.enum(SUBJECT_STATES).optional() }),
  output: pagedSchema(subjectSchema),
})
/** Each key's newest deployed version, by key: what a role's approval switch may name. */
export const processListLatest = defineEndpoint({ ...base, id: 'platform.process.listLatestProcess', method: 'GET', path: '/process/manage/listLatestProcess', input: z.object({}).optional(), output: z.array(deploymentSchema) })
/**
 * The names of the roles, positions and users (by role code, position code, username) a draft's
 * approval nodes name, so the designer's canvas says who approves by name, not by code (issue 33
 * item 9), whether or not its user may list users. A code that names nothing is absent.
 */
export const processApproverNames = defineEndpoint({
  ...base,
  id: 'platform.process.approverNames',
  method: 'GET',
  path: '/process/manage/approverNames',
  input: z.object({ role: codeListRule, position: codeListRule, users: codeListRule }),
  output: approverNamesSchema,
})
/** Deletes the definition; its deployed versions stay for the instances on them. Refused while a role's approval switch names the key. */
export const processDelete = defineEndpoint({ ...base, id: 'platform.process.deleteProcess', method: 'POST', path: '/process/manage/deleteProcess', input: idInput, output: z.null() })

/** A role's change-approval switch (issue 19): its users' changes of hub configuration need approval by `processKey`. */
export const roleApprovalSchema = z.object({
  roleId: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  enabled: z.enum(['0', '1']),
  processKey: z.string(),
})
export type RoleApproval = z.output<typeof roleApprovalSchema>

export const roleApprovalList = defineEndpoint({ ...base, id: 'platform.process.roleApproval.list', method: 'GET', path: '/process/roleApproval/list', input: z.object({}).optional(), output: z.array(roleApprovalSchema) })
/**
 * Whether the caller's own changes of hub configuration need approval (one of their enabled roles
 * has the switch on), so the console can ask "submit for review?" before saving. Any signed-in
 * user may ask about themselves: no permission beyond the session.
 */
export const roleApprovalMine = defineEndpoint({
  area: 'platform',
  access: 'session',
  id: 'platform.process.roleApproval.mine',
  method: 'GET',
  path: '/process/roleApproval/mine',
  input: z.object({}).optional(),
  output: z.object({ required: z.boolean() }),
})
/** Switching on needs a deployed process key (msg_process_not_deployed). */
export const roleApprovalSave = defineEndpoint({
  ...base,
  id: 'platform.process.roleApproval.save',
  method: 'POST',
  path: '/process/roleApproval/save',
  input: z.object({ roleId: z.string().trim().min(1, 'msg_role_not_found'), enabled: z.enum(['0', '1']), processKey: z.string().trim().max(64).default('') }),
  output: roleApprovalSchema,
})
