import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Envelope } from '../../../src/shared/envelope'
import { PRIVATE_KEY_FILE, PUBLIC_KEY_FILE, runLicenceCli } from '../../../src/hub/licence/cliCommands'

/**
 * Licence keys and files made the way a vendor makes them (the `npm run licence` commands), in
 * a temp dir per test file: no key is ever committed.
 */
export interface LicenceKit {
  dir: string
  publicPem: string
  privatePath: string
  /** Issues a licence file with `over` replacing the default options; returns its path. */
  issue(name: string, over?: Record<string, string>): Promise<string>
  cleanup(): Promise<void>
}

export const farFuture = '2099-12-31'

export async function licenceKit(): Promise<LicenceKit> {
  const dir = await mkdtemp(join(tmpdir(), 'dh-licence-'))
  await runLicenceCli(['keygen', '--out', join(dir, 'keys')])
  const privatePath = join(dir, 'keys', PRIVATE_KEY_FILE)
  return {
    dir,
    privatePath,
    publicPem: await readFile(join(dir, 'keys', PUBLIC_KEY_FILE), 'utf8'),
    async issue(name, over = {}) {
      const out = join(dir, name)
      const opts: Record<string, string> = {
        '--key': privatePath,
        '--product-code': 'DH-ENT',
        '--name-cn': '数据交换平台企业版',
        '--name-en': 'DataHub Enterprise',
        '--expires': farFuture,
        '--licensee': 'Example Corp',
        ...over,
        '--out': out,
      }
      await runLicenceCli(['issue', ...Object.entries(opts).flat()])
      return out
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}

/** POSTs one file as the multipart field `file`, the way the console's main process does. */
export async function uploadFile<T = unknown>(app: FastifyInstance, token: string | null, name: string, bytes: Uint8Array, locale = 'zh-CN'): Promise<Envelope<T>> {
  const boundary = `----dh${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const response = await app.inject({
    method: 'POST',
    url: `/api/inner/platform/license/upload?t=${Date.now()}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': locale,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
  })
  if (response.statusCode >= 500) throw new Error(`upload answered HTTP ${response.statusCode}`)
  return response.json() as Envelope<T>
}
