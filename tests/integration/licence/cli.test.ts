import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseLicenceText } from '../../../src/shared/licence/format'
import { signatureMatches } from '../../../src/hub/licence/keys'
import { runLicenceCli } from '../../../src/hub/licence/cliCommands'

const run = promisify(execFile)
const root = resolve(__dirname, '../../..')

describe('npm run licence', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dh-licence-cli-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('keygen writes a key pair, the private key readable by its owner only, and issue signs a file', async () => {
    const tsx = join(root, 'node_modules/.bin/tsx')
    await run(tsx, ['src/hub/licence/cli.ts', 'keygen', '--out', join(dir, 'keys')], { cwd: root })
    expect((await stat(join(dir, 'keys/licence-private.pem'))).mode & 0o777).toBe(0o600)
    const { stdout } = await run(tsx, ['src/hub/licence/cli.ts', 'issue', '--key', join(dir, 'keys/licence-private.pem'), '--product-code', 'P1', '--name-cn', '产品', '--name-en', 'Product', '--expires', '2030-01-31', '--licensee', 'ACME', '--out', join(dir, 'p.lic')], { cwd: root })
    expect(stdout).toContain('valid through 2030-01-31')
    const file = parseLicenceText(await readFile(join(dir, 'p.lic'), 'utf8'))
    expect(file?.payload).toMatchObject({ productCode: 'P1', productNameCn: '产品', licensee: 'ACME', hubInstanceLimit: 1 })
    expect(signatureMatches(file!, await readFile(join(dir, 'keys/licence-public.pem'), 'utf8'))).toBe(true)
  })

  it('explains usage mistakes and never overwrites a private key without --force', async () => {
    await expect(runLicenceCli(['keygen', '--out', join(dir, 'keys')])).rejects.toThrow(/exists; add --force/)
    await expect(runLicenceCli(['keygen', '--out', join(dir, 'keys'), '--force'])).resolves.toContain('private key')
    await expect(runLicenceCli([])).rejects.toThrow(/usage:/)
    await expect(runLicenceCli(['issue', '--key', 'k'])).rejects.toThrow(/--out is required/)
    const base = ['issue', '--key', join(dir, 'keys/licence-private.pem'), '--product-code', 'P', '--name-cn', 'c', '--name-en', 'e', '--licensee', 'l', '--out', join(dir, 'x.lic')]
    await expect(runLicenceCli([...base, '--expires', '2030-02-30'])).rejects.toThrow(/invalid licence fields: expiredDate/)
    await expect(runLicenceCli([...base, '--expires', '2030-01-01', '--instances', '0'])).rejects.toThrow(/hubInstanceLimit/)
    await expect(runLicenceCli([...base.slice(0, 2), join(dir, 'keys/licence-public.pem'), ...base.slice(3), '--expires', '2030-01-01'])).rejects.toThrow(/not an Ed25519 private key/)
  })
})
