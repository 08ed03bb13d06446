import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { PromotionKind, SecretRef } from '../../shared/contract/promotion/document'
import type { Endpoint } from '../../shared/endpoint'
import { ResultCode } from '../../shared/envelope'
import type { Asker } from '../authority/credentials'
import type { Author } from '../datahub/saving'
import { Refusal } from '../kernel/refusal'
import { validationRefusal } from '../http/validation'
import type { StoreKind } from '../store'
import type { HubDatabase } from '../store/schema'

/** The hub a document is planned against or applied to: what its save paths need besides the transaction. */
export interface PromotionTarget {
  storeKind: StoreKind
  /** The key its secrets are encrypted with (data-source passwords, tokens). */
  secretKey: Buffer
  /** Who imports, as version records and audit columns name them. */
  who: Author
  /** Whose rights the saves are checked against (src/hub/authority): the call, or the CLI's store owner. */
  asker: Asker
  /** Whether the importer is a system administrator (the command line's operator is). */
  administrator: boolean
}

/** The transaction a plan or an apply runs in, as every area's typed view is made from. */
export type Tx = Kysely<HubDatabase>

/** An object of the target, as a document would hold it, with what a change of it needs. */
export interface Existing {
  /** Its id on the target (what a change under review names). */
  id: string
  /** The fields compared with the document's (secret fields left out). */
  fields: Record<string, unknown>
  /** Whether the stored secret of this field is this value (false when it cannot be read). */
  secretMatches(field: string, plain: string): boolean
  /** Writes the fields that differ (`changed`) and the secrets given, through the object's own save rules. */
  change(tx: Tx, changed: ReadonlySet<string>, secrets: Readonly<Record<string, string>>): Promise<void>
}

/** A secret field of a document object: its placeholder, or '' when the source had none. */
export interface SecretSlot {
  field: string
  ref: SecretRef | ''
}

/** One object of a document, on its way into a target. */
export interface Candidate {
  kind: PromotionKind
  code: string
  /**
   * The editor's endpoint whose rules it is saved by (its create call): the permission that
   * endpoint declares is what importing it needs, and the change control of its saves applies.
   */
  editor: Endpoint
  /** The document's fields compared with the target's (secret fields and children left out). */
  incoming: Record<string, unknown>
  secrets: SecretSlot[]
  /** The target's object of this code, read in the transaction, or undefined when it has none. */
  read(tx: Tx): Promise<Existing | undefined>
  /** Creates it through the object's own create rules; `secrets` has the values given, by field. */
  create(tx: Tx, secrets: Readonly<Record<string, string>>): Promise<void>
}

/** The value as the schema of the object's own create or update endpoint reads it, or its 4001 refusal. */
export function parseAs<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true })
  if (!parsed.success) throw validationRefusal(parsed.error)
  return parsed.data
}

/** Leaves out keys (audit columns, ids, the secrets' flags) of a wire record. */
export function without<T extends object, K extends string>(record: T, keys: readonly K[]): Omit<T, K> {
  const out = { ...record } as Record<string, unknown>
  for (const k of keys) delete out[k]
  return out as Omit<T, K>
}

/** The fields `changed` names, of an entry: what an update sends (update semantics keep the rest). */
export function pick(entry: Record<string, unknown>, changed: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([k]) => changed.has(k)))
}

export const AUDIT_KEYS = ['id', 'version', 'createdAt', 'updatedAt'] as const

/** An object the selection names that the hub does not have. */
export const promotionNotFound = (kind: PromotionKind, code: string) => new Refusal(ResultCode.notFound, 'msg_promotion_not_found', { kind, code })
/** Two objects of the target answer to one code (consumers of a topic of one application and type; authentications). */
export const promotionAmbiguous = () => new Refusal(ResultCode.conflict, 'msg_promotion_ambiguous')
/** A producer or consumer names a data source neither the target nor the document has. */
export const missingDataSource = (name: string) => new Refusal(ResultCode.conflict, 'msg_promotion_missing_datasource', { name })
/** …or an API authentication. */
export const missingAuthentication = (name: string) => new Refusal(ResultCode.conflict, 'msg_promotion_missing_authentication', { name })
/** A required placeholder without a value. */
export const placeholderMissing = (name: string) => new Refusal(ResultCode.validation, 'msg_promotion_placeholder_missing', { name })
/**
 * The caller's changes need approval (one of its roles says so) and the object is under change
 * control: a document is applied in one transaction, all or nothing, which no review of one
 * object at a time can stand for — the editors submit such a change, an import refuses it.
 */
export const promotionNeedsApproval = () => new Refusal(ResultCode.forbidden, 'msg_promotion_needs_approval')
/** Two objects of one kind and code in one document. */
export const promotionDuplicate = () => new Refusal(ResultCode.conflict, 'msg_promotion_duplicate')
