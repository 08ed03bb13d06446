import { readFile, writeFile } from 'node:fs/promises'
import { z } from 'zod'
import { promotionDocumentSchema, promotionSelectionSchema, type PromotionSelection } from '../../shared/contract/promotion/document'
import { placeholderValuesSchema } from '../../shared/contract/promotion/endpoints'
import { localeFromAcceptLanguage } from '../../shared/locale'
import { translateMessage } from '../../../locales'
import { STORE_OWNER } from '../authority/credentials'
import { HubConfigError, loadHubConfig } from '../config'
import { secretKey } from '../kernel/secrets'
import { Refusal } from '../kernel/refusal'
import { openStore } from '../store'
import { isoNow } from '../store/ids'
import { exportDocument } from './exportDocument'
import { runPromotion } from './plan'
import { planText } from './planText'

/**
 * `npm run hub -- export …` and `npm run hub -- import --plan|--apply …`: promotion for
 * pipelines, straight against a hub's store (its data directory, or DATABASE_URL), with the
 * document and plan the hub's endpoints use. README "Promotion between hubs" lists the options.
 * The store options (--data-dir, --database-url and their variables) are the hub's own.
 */
const SECTION_FLAGS: Record<string, keyof PromotionSelection> = {
  '--topics': 'topics',
  '--data-sources': 'dataSources',
  '--api-authentications': 'apiAuthentications',
  '--system-authentications': 'systemAuthentications',
  '--dictionaries': 'dictionaries',
  '--parameters': 'parameters',
  '--gateway-routes': 'gatewayRoutes',
}
const OWN_FLAGS = new Set(['--out', '--file', '--values', '--value', '--format', '--locale', '--user', '--selection', ...Object.keys(SECTION_FLAGS)])
const SWITCHES = new Set(['--plan', '--apply'])

export class UsageError extends Error {}

interface Parsed {
  own: Map<string, string[]>
  switches: Set<string>
  store: string[]
}

function parse(argv: readonly string[]): Parsed {
  const own = new Map<string, string[]>()
  const switches = new Set<string>()
  const store: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.indexOf('=')
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    if (SWITCHES.has(arg)) switches.add(arg)
    else if (OWN_FLAGS.has(flag)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
      if (value === undefined) throw new UsageError(`option ${flag} needs a value`)
      own.set(flag, [...(own.get(flag) ?? []), value])
    } else {
      store.push(arg)
      if (eq < 0 && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) store.push(argv[++i]!)
    }
  }
  return { own, switches, store }
}

const one = (p: Parsed, flag: string): string | undefined => p.own.get(flag)?.at(-1)

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new UsageError(`cannot read the ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new UsageError(`the ${what} ${path} is not JSON`)
  }
}

function parsedOr<S extends z.ZodType>(schema: S, value: unknown, what: string, locale: 'zh-CN' | 'en'): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(document)'}: ${translateMessage(locale, i.message)}`)
  throw new UsageError(`the ${what} is not valid:\n  ${issues.join('\n  ')}`)
}

async function selectionOf(p: Parsed, locale: 'zh-CN' | 'en'): Promise<PromotionSelection> {
  const file = one(p, '--selection')
  const base = (file ? await readJson(file, 'selection') : {}) as Record<string, unknown>
  for (const [flag, section] of Object.entries(SECTION_FLAGS)) {
    const codes = (p.own.get(flag) ?? []).flatMap((v) => v.split(',')).map((c) => c.trim()).filter(Boolean)
    if (codes.length > 0) base[section] = [...((base[section] as string[] | undefined) ?? []), ...codes]
  }
  return parsedOr(promotionSelectionSchema, base, 'selection', locale)
}

async function valuesOf(p: Parsed, locale: 'zh-CN' | 'en'): Promise<Record<string, string>> {
  const file = one(p, '--values')
  const values = { ...((file ? await readJson(file, 'values file') : {}) as Record<string, unknown>) }
  for (const pair of p.own.get('--value') ?? []) {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new UsageError(`--value takes name=value, got '${pair}'`)
    values[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  return parsedOr(placeholderValuesSchema, values, 'placeholder values', locale)
}

/** Runs one command; its exit code (0 done, 1 the plan has problems or the apply was refused, 2 a usage error). */
export async function runPromotionCommand(argv: readonly string[], env: NodeJS.ProcessEnv, io: { out: (text: string) => void; err: (text: string) => void }): Promise<number> {
  const { out } = io
  const [command, ...rest] = argv
  const p = parse(rest)
  const locale = localeFromAcceptLanguage(one(p, '--locale') ?? 'zh-CN')
  const config = loadHubConfig(p.store, env)
  if (command === 'import' && p.switches.has('--plan') === p.switches.has('--apply')) throw new UsageError('import needs exactly one of --plan and --apply')
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    if (command === 'export') {
      const document = await exportDocument(store.db, store.kind, await selectionOf(p, locale))
      const text = `${JSON.stringify(document, null, 2)}\n`
      const path = one(p, '--out')
      if (path) await writeFile(path, text, { mode: 0o600 })
      else out(text)
      return 0
    }
    const file = one(p, '--file')
    if (!file) throw new UsageError('import needs --file <document.json>')
    const document = parsedOr(promotionDocumentSchema, await readJson(file, 'document'), 'document', locale)
    const target = { storeKind: store.kind, secretKey: secretKey(config.dataDir, env), who: { username: one(p, '--user') ?? 'promotion-cli', at: isoNow() }, asker: STORE_OWNER, administrator: true }
    const apply = p.switches.has('--apply')
    const plan = await runPromotion(store.db, document, target, { values: await valuesOf(p, locale), locale, commit: apply })
    out(one(p, '--format') === 'json' ? `${JSON.stringify(plan, null, 2)}\n` : planText(plan))
    if (apply && plan.summary.problems > 0) io.err(`${translateMessage(locale, 'msg_promotion_not_applied', { count: plan.summary.problems })}\n`)
    return plan.summary.problems > 0 ? 1 : 0
  } catch (err) {
    // An export naming a code the hub lacks: said as the endpoint says it.
    if (err instanceof Refusal) {
      io.err(`${translateMessage(locale, err.messageKey, err.params)} (${err.code})\n`)
      return 1
    }
    throw err
  } finally {
    await store.close()
  }
}

export { HubConfigError }
