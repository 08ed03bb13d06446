import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { licencePayloadSchema } from '../../shared/licence/format'
import { generateLicenceKeys, signLicence } from './keys'

/** A mistake in the command line; printed alone, without a stack. */
export class LicenceCliError extends Error {
  override name = 'LicenceCliError'
}

export const PRIVATE_KEY_FILE = 'licence-private.pem'
export const PUBLIC_KEY_FILE = 'licence-public.pem'

export const USAGE = `usage:
  npm run licence -- keygen --out DIR [--force]
  npm run licence -- issue --key PRIVATE.pem --product-code CODE --name-cn NAME --name-en NAME
                           --expires yyyy-MM-dd --licensee WHO [--instances N] [--id ID] --out FILE.lic`

function options(argv: readonly string[], known: readonly string[], switches: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.indexOf('=')
    const name = eq > 0 ? arg.slice(0, eq) : arg
    if (switches.includes(name)) {
      out.set(name, 'true')
      continue
    }
    if (!known.includes(name)) throw new LicenceCliError(`unknown option ${name}\n${USAGE}`)
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined) throw new LicenceCliError(`option ${name} needs a value`)
    out.set(name, value)
  }
  return out
}

const need = (o: Map<string, string>, name: string): string => {
  const v = o.get(name)
  if (v === undefined || v.trim() === '') throw new LicenceCliError(`${name} is required\n${USAGE}`)
  return v
}

/**
 * keygen: a new key pair in DIR. The private key is written with mode 0600 and never
 * overwritten without --force (losing it means no licence can be issued for hubs holding the
 * public key). Neither file belongs in the repository.
 */
async function keygen(argv: readonly string[]): Promise<string> {
  const o = options(argv, ['--out'], ['--force'])
  const dir = resolve(need(o, '--out'))
  const privatePath = join(dir, PRIVATE_KEY_FILE)
  if (existsSync(privatePath) && !o.has('--force')) throw new LicenceCliError(`${privatePath} exists; add --force to replace it`)
  await mkdir(dir, { recursive: true })
  const { publicPem, privatePem } = generateLicenceKeys()
  await writeFile(privatePath, privatePem, { mode: 0o600 })
  // writeFile's mode applies only to a new file; a replaced one keeps its old mode otherwise.
  await chmod(privatePath, 0o600)
  await writeFile(join(dir, PUBLIC_KEY_FILE), publicPem, { mode: 0o644 })
  return `private key: ${privatePath} (keep it secret)\npublic key:  ${join(dir, PUBLIC_KEY_FILE)} (HUB_LICENCE_PUBLIC_KEY)`
}

async function issue(argv: readonly string[], now: () => Date): Promise<string> {
  const o = options(argv, ['--key', '--product-code', '--name-cn', '--name-en', '--expires', '--licensee', '--instances', '--id', '--out'])
  const keyPath = need(o, '--key')
  const out = resolve(need(o, '--out'))
  const parsed = licencePayloadSchema.safeParse({
    id: o.get('--id') ?? randomUUID(),
    productCode: need(o, '--product-code'),
    productNameCn: need(o, '--name-cn'),
    productNameEn: need(o, '--name-en'),
    expiredDate: need(o, '--expires'),
    licensee: need(o, '--licensee'),
    hubInstanceLimit: Number(o.get('--instances') ?? '1'),
    issuedAt: now().toISOString(),
  })
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ')
    throw new LicenceCliError(`invalid licence fields: ${fields} (dates are yyyy-MM-dd, --instances a whole number from 1)`)
  }
  let privatePem: string
  try {
    privatePem = await readFile(keyPath, 'utf8')
  } catch (err) {
    throw new LicenceCliError(`cannot read the private key ${keyPath} (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  let file
  try {
    file = signLicence(parsed.data, privatePem)
  } catch (err) {
    throw new LicenceCliError(`${keyPath} is not an Ed25519 private key (${err instanceof Error ? err.message : String(err)})`)
  }
  await writeFile(out, `${JSON.stringify(file, null, 2)}\n`)
  return `licence ${parsed.data.id} for ${parsed.data.licensee}, valid through ${parsed.data.expiredDate}: ${out}`
}

/** Runs one command; resolves with what to print, rejects with LicenceCliError for a usage mistake. */
export async function runLicenceCli(argv: readonly string[], now: () => Date = () => new Date()): Promise<string> {
  const [command, ...rest] = argv
  if (command === 'keygen') return keygen(rest)
  if (command === 'issue') return issue(rest, now)
  throw new LicenceCliError(command ? `unknown command '${command}'\n${USAGE}` : USAGE)
}
