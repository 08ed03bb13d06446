import { z } from 'zod'
import type { Licence } from '../../shared/contract/platform/licence'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { AppInfo, IpcChannel, IpcPayload, IpcResult } from '../../shared/ipc'
import type { HubProxy } from '../services/hubProxy'
import type { AdminTransfers } from '../services/adminTransfers'
import type { FieldMappingFiles } from '../services/fieldMappingFiles'
import type { ProducerWorkbooks } from '../services/producerWorkbooks'
import type { PromotionFiles } from '../services/promotionFiles'
import { promotionSelectionSchema } from '../../shared/contract/promotion/document'
import { TRANSFER_KINDS } from '../../shared/contract/platform/admin/transfer'
import { auditFilterSchema } from '../../shared/contract/platform/logs'
import type { LicenceFiles } from '../services/licenceFile'
import type { ProfileService } from '../services/profiles'
import type { Settings } from '../services/settings'
import type { TokenVault } from '../services/tokenVault'
import type { SsoSignIn } from '../services/sso/ssoSignIn'
import type { SessionUser } from '../../shared/contract/platform/session'

/** One async function per IPC channel; the Electron glue and the end-to-end harness both serve this map. */
export type IpcHandlers = { [C in IpcChannel]: (payload: IpcPayload<C>) => Promise<IpcResult<C>> }

export interface IpcHandlerDeps {
  proxy: HubProxy
  settings: Settings
  vault: TokenVault
  app: { version: string; platform: string }
  /**
   * The embedded hub's first-start admin password, or null (remote profile, not the first
   * start, or the hub failed). May wait for the embedded hub to be ready.
   */
  bootstrapPassword: () => string | null | Promise<string | null>
  licence: LicenceFiles
  /** The native open dialog for .lic files (Electron glue); null when the user cancels. */
  chooseLicenceFile: () => Promise<string | null>
  profiles: ProfileService
  /**
   * Field-mapping workbooks and the template, with their native dialogs (compose.ts always
   * gives them). Unit tests of other channels may leave them out: the channels then answer '5040'.
   */
  mappingFiles?: FieldMappingFiles
  /** Administration imports and exports (compose.ts always gives them; '5040' without). */
  adminTransfers?: AdminTransfers
  /** Workbooks an excel producer runs with (compose.ts always gives them; '5040' without). */
  producerWorkbooks?: ProducerWorkbooks
  /** Promotion documents with their native dialogs (compose.ts always gives them; '5040' without). */
  promotionFiles?: PromotionFiles
  /** Single sign-on through the system browser (compose.ts always gives it; '5040' without). */
  sso?: SsoSignIn
}

// The renderer is untrusted input: its payloads are checked before they reach a service.
const hubCallSchema = z.object({ endpoint: z.string().min(1).max(200), input: z.unknown().optional() }).strict()
const hubUploadSchema = z.object({ endpoint: z.string().min(1).max(200), name: z.string().min(1).max(255), bytes: z.instanceof(Uint8Array) }).strict()
const licencePathSchema = z.object({ path: z.string().min(1).max(4096) }).strict()
const licenceBytesSchema = z.object({ name: z.string().min(1).max(255), bytes: z.instanceof(Uint8Array) }).strict()
const mappingBytesSchema = licenceBytesSchema
// Only the five kinds: the renderer cannot name another endpoint to upload a file to.
const transferSchema = z.object({ kind: z.enum(TRANSFER_KINDS) }).strict()
const producerRefSchema = z.object({ producerId: z.string().min(1).max(64) }).strict()
// The selection's own schema (codes, bounded): the renderer cannot send anything else to export.
const promotionExportSchema = z.object({ selection: promotionSelectionSchema }).strict()

const ssoSignInSchema = z.object({ providerId: z.string().min(1).max(64) }).strict()

const profileIdSchema = z.object({ id: z.string().min(1).max(64) }).strict()
// Shape only here; the rules (lengths, URL form) answer with translated messages in the service.
const profileSaveSchema = z.object({ id: z.string().min(1).max(64).optional(), name: z.string().max(1000), baseUrl: z.string().max(2000) }).strict()
const profileTestSchema = z.object({ baseUrl: z.string().max(2000) }).strict()

const notServed = <T>(): HubResult<T> => ({ ok: false, code: ResultCode.cancelled, message: '' })

// The hub's answer to the upload endpoint is a Licence (the contract's output schema).
const asLicence = (r: HubResult<unknown>) => r as HubResult<Licence>

export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlers {
  let passwordHandedOver = false

  return {
    async 'hub.call'(payload) {
      const { endpoint, input } = hubCallSchema.parse(payload)
      return deps.proxy.call(endpoint, input)
    },
    async 'hub.upload'(payload) {
      const { endpoint, name, bytes } = hubUploadSchema.parse(payload)
      return deps.proxy.upload(endpoint, { name, bytes })
    },
    async 'app.info'(): Promise<AppInfo> {
      const profile = deps.settings.currentProfile()
      let bootstrapPassword: string | null = null
      // Handed over once, to the sign-in page, and then forgotten here (it stays in the hub's file).
      if (!passwordHandedOver && profile.kind === 'embedded') {
        bootstrapPassword = (await deps.bootstrapPassword()) ?? null
        if (bootstrapPassword) passwordHandedOver = true
      }
      return { ...deps.app, profile, vault: deps.vault.mode, bootstrapPassword }
    },
    async 'session.status'() {
      return { signedIn: (await deps.vault.get(deps.settings.currentProfile().id)) !== null }
    },
    async 'settings.get'() {
      return deps.settings.console()
    },
    async 'settings.update'(patch) {
      return deps.settings.updateConsole(patch)
    },
    async 'licence.choose'() {
      const path = await deps.chooseLicenceFile()
      if (!path) return { ok: false, code: ResultCode.cancelled, message: '' }
      return asLicence(await deps.licence.uploadPath(path))
    },
    async 'licence.upload'(payload) {
      return asLicence(await deps.licence.uploadPath(licencePathSchema.parse(payload).path))
    },
    async 'licence.uploadBytes'(payload) {
      const { name, bytes } = licenceBytesSchema.parse(payload)
      return asLicence(await deps.licence.uploadBytes(name, bytes))
    },
    async 'fieldMapping.chooseExcel'() {
      return deps.mappingFiles ? deps.mappingFiles.chooseExcel() : notServed()
    },
    async 'fieldMapping.uploadExcelBytes'(payload) {
      const { name, bytes } = mappingBytesSchema.parse(payload)
      return deps.mappingFiles ? deps.mappingFiles.uploadBytes(name, bytes) : notServed()
    },
    async 'fieldMapping.saveTemplate'() {
      return deps.mappingFiles ? deps.mappingFiles.saveTemplate() : notServed()
    },
    async 'admin.importExcel'(payload) {
      const { kind } = transferSchema.parse(payload)
      return deps.adminTransfers ? deps.adminTransfers.importExcel(kind) : notServed()
    },
    async 'admin.exportExcel'(payload) {
      const { kind } = transferSchema.parse(payload)
      return deps.adminTransfers ? deps.adminTransfers.exportExcel(kind) : notServed()
    },
    async 'logs.exportAudit'(payload) {
      const filter = auditFilterSchema.parse(payload)
      return deps.adminTransfers ? deps.adminTransfers.exportAuditLog(filter) : notServed()
    },
    async 'producer.runWithFile'(payload) {
      const { producerId } = producerRefSchema.parse(payload)
      return deps.producerWorkbooks ? deps.producerWorkbooks.runWithFile(producerId) : notServed()
    },
    async 'promotion.export'(payload) {
      const { selection } = promotionExportSchema.parse(payload)
      return deps.promotionFiles ? deps.promotionFiles.exportDocument(selection) : notServed()
    },
    async 'promotion.open'() {
      return deps.promotionFiles ? deps.promotionFiles.openDocument() : notServed()
    },
    async 'sso.signIn'(payload) {
      const { providerId } = ssoSignInSchema.parse(payload)
      // The proxy moved the token into the vault; what is left is the session user, as for platform.login.
      return deps.sso ? ((await deps.sso.signIn(providerId)) as HubResult<SessionUser>) : notServed()
    },
    async 'sso.cancel'() {
      return { cancelled: deps.sso?.cancel() ?? false }
    },
    async 'profiles.list'() {
      return deps.profiles.list()
    },
    async 'profiles.save'(payload) {
      return deps.profiles.save(profileSaveSchema.parse(payload))
    },
    async 'profiles.remove'(payload) {
      return deps.profiles.remove(profileIdSchema.parse(payload).id)
    },
    async 'profiles.test'(payload) {
      return deps.profiles.test(profileTestSchema.parse(payload).baseUrl)
    },
    async 'profiles.switch'(payload) {
      return deps.profiles.switchTo(profileIdSchema.parse(payload).id)
    },
  }
}
