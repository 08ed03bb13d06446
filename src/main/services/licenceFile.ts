import { basename } from 'node:path'
import { licenceUpload } from '../../shared/contract/platform/licence'
import { ResultCode, type HubResult } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import { hasLicenceExtension, licenceSizeAllowed } from '../../shared/licence/format'
import { translateMessage } from '../../../locales'
import type { HubProxy } from './hubProxy'

/** The few file-system calls the service needs (node:fs/promises in the app, stand-ins in tests). */
export interface LicenceFs {
  stat(path: string): Promise<{ size: number; isFile(): boolean }>
  readFile(path: string): Promise<Uint8Array>
}

export interface LicenceFileDeps {
  proxy: Pick<HubProxy, 'upload'>
  fs: LicenceFs
  locale: () => Locale
  log?: (line: string) => void
}

export interface LicenceFiles {
  /** Uploads the licence file at `path` (from the native dialog). */
  uploadPath(path: string): Promise<HubResult<unknown>>
  /** Uploads a file the renderer read (a dropped File has no path in a sandboxed page). */
  uploadBytes(name: string, bytes: Uint8Array): Promise<HubResult<unknown>>
}

/**
 * Licence files on their way to the hub. The spec's upload rules (extension .lic, under 1 MB)
 * are checked here first, so a wrong file is refused with its message without a round trip,
 * and a huge one is never read into memory; the hub checks them again (it is authoritative).
 */
export function createLicenceFiles(deps: LicenceFileDeps): LicenceFiles {
  const refuse = (code: string, key: string): HubResult<unknown> => ({ ok: false, code, message: translateMessage(deps.locale(), key) })
  const precheck = (name: string, size: number): HubResult<unknown> | null => {
    if (!hasLicenceExtension(name)) return refuse(ResultCode.validation, 'msg_license_file_extension')
    if (!licenceSizeAllowed(size)) return refuse(ResultCode.tooLarge, 'msg_license_file_size')
    return null
  }
  const send = (name: string, bytes: Uint8Array) => deps.proxy.upload(licenceUpload.id, { name, bytes })

  return {
    async uploadPath(path) {
      const name = basename(path)
      let bytes: Uint8Array
      try {
        const info = await deps.fs.stat(path)
        if (!info.isFile()) return refuse(ResultCode.validation, 'msg_licence_file_unreadable')
        const refused = precheck(name, info.size)
        if (refused) return refused
        bytes = await deps.fs.readFile(path)
      } catch (err) {
        deps.log?.(`licence file not readable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
        return refuse(ResultCode.validation, 'msg_licence_file_unreadable')
      }
      // The file may have grown between stat and read.
      return precheck(name, bytes.byteLength) ?? send(name, bytes)
    },
    async uploadBytes(name, bytes) {
      return precheck(name, bytes.byteLength) ?? send(name, bytes)
    },
  }
}

