import { createPublicKey } from 'node:crypto'
import { isIP } from 'node:net'
import { readFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import type { RuntimeSettings } from './runtime/settings'
import { parseRuntimeSettings } from './runtime/settingsText'
import { isTimeZone, systemTimeZone } from './runtime/schedule/fireTimes'
import { LOG_FORMATS, type LogFormat } from './kernel/logOutput'

export interface HubConfig {
  host: string
  /** 0 picks a free port. */
  port: number
  /** SQLite file (without DATABASE_URL), the initial password file, uploads. Absolute. */
  dataDir: string
  /** postgres://… for PostgreSQL; null means SQLite in dataDir. */
  databaseUrl: string | null
  /** Password of the first admin instead of a generated one. */
  adminPassword: string | null
  sessionHours: number
  /** better-sqlite3 binary built for Electron's ABI (set by the desktop app). */
  sqliteBinding: string | null
  /**
   * Ed25519 public key (PEM text) that licence files must be signed with; null: uploads are
   * refused with msg_licence_no_public_key. Optional, like licenceEnforce, so a config built in
   * code (tests) runs as the embedded default does: no key needed, nothing enforced.
   */
  licencePublicKey?: string | null
  /** When on, protected calls answer '4060' ('证书错误!') until a valid licence is uploaded. */
  licenceEnforce?: boolean
  /**
   * WSDL resolve may fetch from loopback, private and link-local addresses (SSRF guard off).
   * Off by default: a hub must not become a probe into its own network; an administrator whose
   * web services live on the intranet turns it on. Optional for configs built in code.
   * It also lets exchange calls (http consumers and producers, token APIs, HTTP callbacks and
   * notifications) reach this machine: loopback, link-local, unspecified and the hub's own
   * addresses, refused while off (runtime/httpApi/send.ts targetCheck; finding 9).
   */
  allowPrivateWsdl?: boolean
  /**
   * Run the exchange runtime's delivery worker with the hub (startHub). On by default; off
   * (HUB_WORKER=off) for a node that only receives while others deliver. Optional for configs
   * built in code; buildHub alone never starts it.
   */
  worker?: boolean
  /**
   * The folder SQLite data sources may name files in (nothing outside it, never the data
   * directory itself). Optional for configs built in code: <dataDir>/sqlite-sources.
   */
  sqliteSourcesDir?: string
  /** Tuning of the exchange runtime (src/hub/runtime/settings.ts); defaults when absent. */
  runtime?: Partial<RuntimeSettings>
  /**
   * The IANA time zone producers' schedules fire in (HUB_TIMEZONE); the system's when absent.
   * Every node of one PostgreSQL store must share it, or they would plan different fires.
   */
  timeZone?: string
  /**
   * Serve GET /metrics in the Prometheus text format (HUB_METRICS). Off by default, and
   * optional for configs built in code (tests, the embedded hub): nothing is measured then.
   */
  metrics?: boolean
  /**
   * The bearer token a scrape must present (HUB_METRICS_TOKEN). Required when metrics are on and
   * the hub listens beyond loopback: the figures name every topic and consumer. Optional on
   * loopback; when set there, it is asked for too.
   */
  metricsToken?: string | null
  /**
   * Addresses or CIDR ranges of the reverse proxies in front of the hub (HUB_TRUSTED_PROXIES,
   * comma-separated). A request from one of them is taken to come from the client its
   * X-Forwarded-For names, so sign-in lockout and the audit see the user's address, not the
   * proxy's; from any other peer the header is ignored (it could be forged). Empty by default.
   */
  trustedProxies?: readonly string[]
  /**
   * The address people reach this hub at from their mail (HUB_PUBLIC_URL, e.g.
   * https://hub.example.com): approval mails link to `<publicUrl>/approve?token=…`. Absent:
   * http://<host>:<port>, which only works where that address is reachable.
   */
  publicUrl?: string
  /** How the hub writes its log (HUB_LOG_FORMAT): 'text' lines (default) or 'json' lines. */
  logFormat?: LogFormat
}

/** The time zone schedules fire in: the configured one, else the system's. */
export const hubTimeZone = (config: Pick<HubConfig, 'timeZone'>): string => config.timeZone ?? systemTimeZone()

/** A setting the operator got wrong; the CLI prints the message alone, without a stack. */
export class HubConfigError extends Error {
  override name = 'HubConfigError'
}

export const HUB_DEFAULTS = { host: '127.0.0.1', port: 7380, dataDir: 'hub-data', sessionHours: 12 } as const
/** A session may last at most a year. */
const MAX_SESSION_HOURS = 24 * 366

/** Command-line flags and the environment variables they override. */
const SETTINGS = {
  host: { flag: '--host', env: 'HUB_HOST' },
  port: { flag: '--port', env: 'HUB_PORT' },
  dataDir: { flag: '--data-dir', env: 'HUB_DATA_DIR' },
  databaseUrl: { flag: '--database-url', env: 'DATABASE_URL' },
  adminPassword: { flag: '--admin-password', env: 'HUB_ADMIN_PASSWORD' },
  sessionHours: { flag: null, env: 'HUB_SESSION_HOURS' },
  sqliteBinding: { flag: null, env: 'HUB_SQLITE_BINDING' },
  licencePublicKey: { flag: '--licence-public-key', env: 'HUB_LICENCE_PUBLIC_KEY' },
  licenceEnforce: { flag: '--licence-enforce', env: 'HUB_LICENCE_ENFORCE' },
  allowPrivateWsdl: { flag: '--allow-private-wsdl', env: 'HUB_ALLOW_PRIVATE_WSDL' },
  worker: { flag: null, env: 'HUB_WORKER' },
  sqliteSourcesDir: { flag: '--sqlite-sources-dir', env: 'HUB_SQLITE_SOURCES_DIR' },
  runtime: { flag: null, env: 'HUB_RUNTIME' },
  timeZone: { flag: '--timezone', env: 'HUB_TIMEZONE' },
  metrics: { flag: null, env: 'HUB_METRICS' },
  // No flag: a token on the command line is visible to every user of the machine (ps).
  metricsToken: { flag: null, env: 'HUB_METRICS_TOKEN' },
  trustedProxies: { flag: '--trusted-proxies', env: 'HUB_TRUSTED_PROXIES' },
  publicUrl: { flag: '--public-url', env: 'HUB_PUBLIC_URL' },
  logFormat: { flag: '--log-format', env: 'HUB_LOG_FORMAT' },
} as const
type Setting = keyof typeof SETTINGS

function parseFlags(argv: readonly string[]): Partial<Record<Setting, string>> {
  const byFlag = new Map<string, Setting>()
  for (const [name, s] of Object.entries(SETTINGS)) if (s.flag) byFlag.set(s.flag, name as Setting)
  const out: Partial<Record<Setting, string>> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.indexOf('=')
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const setting = byFlag.get(flag)
    if (!setting) {
      const known = [...byFlag.keys()].join(', ')
      throw new HubConfigError(arg.startsWith('-') ? `unknown option ${flag} (known: ${known})` : `unexpected argument '${arg}' (options: ${known})`)
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined) throw new HubConfigError(`option ${flag} needs a value`)
    out[setting] = value
  }
  return out
}

/**
 * Reads the hub's settings: a flag wins over its environment variable, which wins over the
 * default. `argv` holds the arguments after the script name (process.argv.slice(2)).
 * Throws HubConfigError with a message an operator can act on.
 */
export function loadHubConfig(argv: readonly string[], env: NodeJS.ProcessEnv): HubConfig {
  const flags = parseFlags(argv)
  const get = (s: Setting): string | undefined => {
    const v = flags[s] ?? env[SETTINGS[s].env]
    return v === undefined || v.trim() === '' ? undefined : v
  }
  const name = (s: Setting) => [SETTINGS[s].flag, SETTINGS[s].env].filter(Boolean).join(' / ')

  const host = get('host')?.trim() ?? HUB_DEFAULTS.host

  const portText = get('port')?.trim()
  const port = portText === undefined ? HUB_DEFAULTS.port : Number(portText)
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(portText ?? '0')) {
    throw new HubConfigError(`${name('port')} must be a whole number from 0 to 65535 (0 picks a free port), got '${portText}'`)
  }

  const databaseUrl = get('databaseUrl')?.trim() ?? null
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new HubConfigError(`${name('databaseUrl')} must be a PostgreSQL URL (postgres://user@host:5432/db); leave it unset for SQLite`)
  }

  const hoursText = get('sessionHours')?.trim()
  const sessionHours = hoursText === undefined ? HUB_DEFAULTS.sessionHours : Number(hoursText)
  if (!Number.isFinite(sessionHours) || sessionHours <= 0 || sessionHours > MAX_SESSION_HOURS) {
    throw new HubConfigError(`${name('sessionHours')} must be a number of hours above 0 and at most ${MAX_SESSION_HOURS}, got '${hoursText}'`)
  }

  const licencePublicKey = readLicenceKey(get('licencePublicKey'), name('licencePublicKey'))
  const licenceEnforce = parseSwitch(get('licenceEnforce'), name('licenceEnforce'))
  if (licenceEnforce && !licencePublicKey) {
    throw new HubConfigError(`${name('licenceEnforce')} is on but no ${name('licencePublicKey')} is set: no licence could ever be valid`)
  }

  const dataDir = resolve(get('dataDir') ?? HUB_DEFAULTS.dataDir)
  const sqliteSources = get('sqliteSourcesDir')
  if (sqliteSources !== undefined) {
    const rel = relative(resolve(sqliteSources), dataDir)
    if (rel === '' || !(rel.startsWith('..') || isAbsolute(rel))) {
      throw new HubConfigError(`${name('sqliteSourcesDir')} must not be the data directory or hold it (${dataDir}): SQLite sources could then open the hub's own store`)
    }
  }

  const timeZone = get('timeZone')?.trim() ?? systemTimeZone()
  if (!isTimeZone(timeZone)) throw new HubConfigError(`${name('timeZone')} must be an IANA time zone such as Asia/Shanghai or UTC, got '${timeZone}'`)

  const metrics = parseSwitch(get('metrics'), name('metrics'))
  // Not trimmed, like the admin password: the token is compared as given.
  const metricsToken = get('metricsToken') ?? null
  if (metricsToken !== null && metricsToken.length < METRICS_TOKEN_MIN) {
    throw new HubConfigError(`${name('metricsToken')} must be at least ${METRICS_TOKEN_MIN} characters (a random string, e.g. openssl rand -hex 24)`)
  }
  checkMetricsAccess({ host, metrics, metricsToken })
  const trustedProxies = readTrustedProxies(get('trustedProxies'), name('trustedProxies'))
  const publicUrl = get('publicUrl')?.trim().replace(/\/+$/, '')
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/i.test(publicUrl)) {
    throw new HubConfigError(`${name('publicUrl')} must be an http(s) address such as https://hub.example.com, got '${publicUrl}'`)
  }

  const logFormat = (get('logFormat')?.trim().toLowerCase() || 'text') as LogFormat
  if (!LOG_FORMATS.includes(logFormat)) throw new HubConfigError(`${name('logFormat')} must be text or json, got '${get('logFormat')}'`)

  return {
    host,
    port,
    dataDir,
    databaseUrl,
    // Not trimmed: spaces may be part of a password.
    adminPassword: get('adminPassword') ?? null,
    sessionHours,
    sqliteBinding: get('sqliteBinding') ?? null,
    licencePublicKey,
    licenceEnforce,
    allowPrivateWsdl: parseSwitch(get('allowPrivateWsdl'), name('allowPrivateWsdl')),
    worker: get('worker') === undefined ? true : parseSwitch(get('worker'), name('worker')),
    runtime: readRuntime(get('runtime'), name('runtime')),
    sqliteSourcesDir: resolve(sqliteSources ?? join(dataDir, SQLITE_SOURCES_DEFAULT)),
    timeZone,
    metrics,
    metricsToken,
    trustedProxies,
    ...(publicUrl ? { publicUrl } : {}),
    logFormat,
  }
}

/** Proxy addresses and ranges, each checked: 'trust everyone' is not offered (any client could then name any address). */
function readTrustedProxies(text: string | undefined, name: string): string[] {
  const entries = (text ?? '').split(',').map((e) => e.trim()).filter(Boolean)
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits)
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new HubConfigError(`${name} takes the addresses or CIDR ranges of the reverse proxies in front of the hub, comma-separated (e.g. 10.0.0.5,192.168.1.0/24); '${entry}' is neither`)
    }
  }
  return entries
}

const METRICS_TOKEN_MIN = 16

/** Whether `host` is a loopback address: only this machine can reach a hub listening there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
}

/**
 * Metrics on a hub others can reach need a token: refused at start (HubConfigError) rather than
 * served open to the network. Checked for configs built in code too (startHub).
 */
export function checkMetricsAccess(config: Pick<HubConfig, 'host' | 'metrics' | 'metricsToken'>): void {
  if (config.metrics && !config.metricsToken && !isLoopbackHost(config.host)) {
    throw new HubConfigError(`${SETTINGS.metrics.env} is on and the hub listens on ${config.host}, beyond loopback: set ${SETTINGS.metricsToken.env} (at least ${METRICS_TOKEN_MIN} characters) for scrapes to present as a bearer token`)
  }
}

/**
 * The one folder file and excel consumers without a data source (a file location) write in:
 * their fileDir is a relative folder below it, never an absolute path, never climbing out with
 * '..' (shared/rules/datahub/consumer.ts at save, runtime/deliver/fileLocation.ts at delivery).
 * Without it such a consumer wrote anywhere the hub may write, the data directory included.
 */
export const consumerFilesDir = (config: Pick<HubConfig, 'dataDir'>): string => join(config.dataDir, 'consumer-files')

const SQLITE_SOURCES_DEFAULT = 'sqlite-sources'
/** The folder of SQLite sources: the one configured, else <dataDir>/sqlite-sources. */
export const sqliteSourcesDir = (config: Pick<HubConfig, 'dataDir' | 'sqliteSourcesDir'>): string =>
  config.sqliteSourcesDir ?? join(config.dataDir, SQLITE_SOURCES_DEFAULT)

/** HUB_RUNTIME: tuning of the exchange runtime as JSON; undefined keeps every default. */
function readRuntime(value: string | undefined, name: string): HubConfig['runtime'] {
  if (value === undefined) return undefined
  try {
    return parseRuntimeSettings(value)
  } catch (err) {
    throw new HubConfigError(`${name} ${(err as Error).message}`)
  }
}

const ON = ['1', 'true', 'on', 'yes']
const OFF = ['0', 'false', 'off', 'no']
function parseSwitch(value: string | undefined, name: string): boolean {
  if (value === undefined) return false
  const v = value.trim().toLowerCase()
  if (ON.includes(v)) return true
  if (OFF.includes(v)) return false
  throw new HubConfigError(`${name} must be one of ${[...ON, ...OFF].join(', ')}, got '${value}'`)
}

/**
 * The licence public key as PEM text: the value itself when it is PEM (newlines may be written
 * as \\n in an environment variable), otherwise a path to a PEM file. Checked here so a wrong key
 * stops the hub at start rather than refusing every upload later.
 */
function readLicenceKey(value: string | undefined, name: string): string | null {
  if (value === undefined) return null
  let pem = value.trim()
  if (!pem.startsWith('-----BEGIN')) {
    try {
      pem = readFileSync(resolve(pem), 'utf8')
    } catch (err) {
      throw new HubConfigError(`${name}: cannot read the key file '${value}' (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
    }
  }
  pem = pem.replace(/\\n/g, '\n')
  // createPublicKey would derive a public key from a private one: a private key has no place on a hub.
  if (pem.includes('PRIVATE KEY')) throw new HubConfigError(`${name} holds a private key; give the hub the public key only`)
  let type: string | undefined
  try {
    type = createPublicKey(pem).asymmetricKeyType
  } catch {
    throw new HubConfigError(`${name} is not a PEM public key (public key decode failed)`)
  }
  if (type !== 'ed25519') throw new HubConfigError(`${name} must be an Ed25519 public key, got ${type ?? 'an unknown type'}`)
  return pem
}
