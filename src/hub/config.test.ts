import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HubConfigError, loadHubConfig } from './config'

const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone

describe('loadHubConfig', () => {
  it('has defaults for a plain `npm run hub`', () => {
    expect(loadHubConfig([], {})).toEqual({
      host: '127.0.0.1',
      port: 7380,
      dataDir: resolve('hub-data'),
      databaseUrl: null,
      adminPassword: null,
      sessionHours: 12,
      sqliteBinding: null,
      licencePublicKey: null,
      licenceEnforce: false,
      allowPrivateWsdl: false,
      worker: true,
      sqliteSourcesDir: resolve('hub-data/sqlite-sources'),
      timeZone: systemZone,
      metrics: false,
      metricsToken: null,
      trustedProxies: [],
      logFormat: 'text',
    })
  })

  it('writes its log as text or JSON lines, and refuses another format', () => {
    expect(loadHubConfig([], { HUB_LOG_FORMAT: 'JSON' }).logFormat).toBe('json')
    expect(loadHubConfig(['--log-format', 'text'], { HUB_LOG_FORMAT: 'json' }).logFormat).toBe('text')
    expect(() => loadHubConfig([], { HUB_LOG_FORMAT: 'xml' })).toThrow("HUB_LOG_FORMAT must be text or json, got 'xml'")
  })

  it('trusts X-Forwarded-For only from the reverse proxies named, each an address or a CIDR range', () => {
    expect(loadHubConfig([], { HUB_TRUSTED_PROXIES: ' 10.0.0.5, 192.168.1.0/24,::1 , fd00::/8' }).trustedProxies).toEqual(['10.0.0.5', '192.168.1.0/24', '::1', 'fd00::/8'])
    expect(loadHubConfig(['--trusted-proxies', '127.0.0.1'], {}).trustedProxies).toEqual(['127.0.0.1'])
    for (const bad of ['true', '*', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/9', '::1/129']) {
      expect(() => loadHubConfig([], { HUB_TRUSTED_PROXIES: bad })).toThrow(new RegExp(`HUB_TRUSTED_PROXIES .*'${bad.replace(/[.*/]/g, '\\$&')}' is neither`))
    }
  })

  it('keeps SQLite sources in their own folder, never the data directory', () => {
    expect(loadHubConfig(['--sqlite-sources-dir', 'dbs'], {}).sqliteSourcesDir).toBe(resolve('dbs'))
    expect(loadHubConfig([], { HUB_DATA_DIR: '/srv/hub', HUB_SQLITE_SOURCES_DIR: '/srv/hub/files' }).sqliteSourcesDir).toBe('/srv/hub/files')
    expect(() => loadHubConfig([], { HUB_DATA_DIR: '/srv/hub', HUB_SQLITE_SOURCES_DIR: '/srv/hub/' })).toThrow(/must not be the data directory/)
    expect(() => loadHubConfig([], { HUB_DATA_DIR: '/srv/hub', HUB_SQLITE_SOURCES_DIR: '/srv' })).toThrow(/must not be the data directory or hold it/)
  })

  it('reads the environment, and flags win over it', () => {
    const env = { HUB_HOST: '0.0.0.0', HUB_PORT: '8080', HUB_DATA_DIR: '/srv/hub', DATABASE_URL: 'postgres://db/hub', HUB_ADMIN_PASSWORD: 'Env#Pass1', HUB_SESSION_HOURS: '1.5', HUB_SQLITE_BINDING: '/x/better_sqlite3.node' }
    expect(loadHubConfig([], env)).toEqual({
      host: '0.0.0.0', port: 8080, dataDir: '/srv/hub', databaseUrl: 'postgres://db/hub', adminPassword: 'Env#Pass1', sessionHours: 1.5, sqliteBinding: '/x/better_sqlite3.node',
      licencePublicKey: null, licenceEnforce: false, allowPrivateWsdl: false, worker: true, sqliteSourcesDir: '/srv/hub/sqlite-sources', timeZone: systemZone, metrics: false, metricsToken: null, trustedProxies: [], logFormat: 'text',
    })
    const flags = ['--host', '::1', '--port=0', '--data-dir', 'rel/dir', '--database-url', 'postgresql://u@h/d', '--admin-password', 'Flag#Pass1']
    expect(loadHubConfig(flags, env)).toMatchObject({ host: '::1', port: 0, dataDir: resolve('rel/dir'), databaseUrl: 'postgresql://u@h/d', adminPassword: 'Flag#Pass1' })
  })

  it('serves metrics only when HUB_METRICS is on, and beyond loopback only with a token', () => {
    const token = 'a-metrics-token-of-some-length'
    expect(loadHubConfig([], { HUB_METRICS: 'on' })).toMatchObject({ metrics: true, metricsToken: null })
    expect(loadHubConfig([], { HUB_METRICS: 'on', HUB_HOST: '::1' })).toMatchObject({ metrics: true, host: '::1' })
    expect(() => loadHubConfig([], { HUB_METRICS: 'on', HUB_HOST: '0.0.0.0' })).toThrow(/HUB_METRICS is on and the hub listens on 0\.0\.0\.0, beyond loopback: set HUB_METRICS_TOKEN/)
    expect(loadHubConfig([], { HUB_METRICS: 'on', HUB_HOST: '0.0.0.0', HUB_METRICS_TOKEN: token })).toMatchObject({ metrics: true, metricsToken: token })
    // Off, no token is asked for whatever the address.
    expect(loadHubConfig([], { HUB_HOST: '0.0.0.0' })).toMatchObject({ metrics: false })
    expect(() => loadHubConfig([], { HUB_METRICS: 'on', HUB_METRICS_TOKEN: 'short' })).toThrow(/HUB_METRICS_TOKEN must be at least 16 characters/)
    expect(() => loadHubConfig([], { HUB_METRICS: 'maybe' })).toThrow(/HUB_METRICS must be one of/)
  })

  it('treats empty variables as unset', () => {
    expect(loadHubConfig([], { HUB_PORT: '', DATABASE_URL: ' ', HUB_ADMIN_PASSWORD: '' })).toMatchObject({ port: 7380, databaseUrl: null, adminPassword: null })
  })

  it('reads the licence key as PEM text or from a file, and the enforcement switch', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
    const dir = mkdtempSync(join(tmpdir(), 'dh-config-'))
    try {
      writeFileSync(join(dir, 'public.pem'), pem)
      expect(loadHubConfig([], { HUB_LICENCE_PUBLIC_KEY: pem.replace(/\n/g, '\\n'), HUB_LICENCE_ENFORCE: 'on' })).toMatchObject({ licencePublicKey: pem, licenceEnforce: true })
      expect(loadHubConfig(['--licence-public-key', join(dir, 'public.pem'), '--licence-enforce', 'false'], {})).toMatchObject({ licencePublicKey: pem, licenceEnforce: false })
      const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
      expect(() => loadHubConfig([], { HUB_LICENCE_PUBLIC_KEY: privatePem })).toThrow(/holds a private key/)
      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
      expect(() => loadHubConfig([], { HUB_LICENCE_PUBLIC_KEY: rsa })).toThrow(/must be an Ed25519 public key, got rsa/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads the time zone schedules fire in, and refuses one croner does not know', () => {
    expect(loadHubConfig([], { HUB_TIMEZONE: 'Asia/Shanghai' }).timeZone).toBe('Asia/Shanghai')
    expect(loadHubConfig(['--timezone', 'UTC'], { HUB_TIMEZONE: 'Asia/Shanghai' }).timeZone).toBe('UTC')
    expect(() => loadHubConfig([], { HUB_TIMEZONE: 'Mars/Olympus' })).toThrow(/HUB_TIMEZONE must be an IANA time zone.*'Mars\/Olympus'/)
  })

  it('allows private WSDL addresses only when the administrator switches it on', () => {
    expect(loadHubConfig([], {}).allowPrivateWsdl).toBe(false)
    expect(loadHubConfig([], { HUB_ALLOW_PRIVATE_WSDL: '1' }).allowPrivateWsdl).toBe(true)
    expect(loadHubConfig(['--allow-private-wsdl', 'off'], { HUB_ALLOW_PRIVATE_WSDL: 'on' }).allowPrivateWsdl).toBe(false)
    expect(() => loadHubConfig([], { HUB_ALLOW_PRIVATE_WSDL: 'maybe' })).toThrow(/HUB_ALLOW_PRIVATE_WSDL must be one of/)
  })

  it('reads the exchange runtime\'s tuning from HUB_RUNTIME as JSON', () => {
    expect(loadHubConfig([], {}).runtime).toBeUndefined()
    expect(loadHubConfig([], { HUB_RUNTIME: '{"leaseMs": 5000, "deliveryTimeoutMs": 4000, "pollMs": 20, "excelRowLimit": 1000}' }).runtime).toEqual({ leaseMs: 5000, deliveryTimeoutMs: 4000, pollMs: 20, excelRowLimit: 1000 })
  })

  it.each([
    [[], { HUB_RUNTIME: 'lease=5' }, /HUB_RUNTIME must be a JSON object/],
    [[], { HUB_RUNTIME: '{"pollMs": 0}' }, /HUB_RUNTIME pollMs: .*each a whole number above 0/],
    [[], { HUB_RUNTIME: '{"leasMs": 5000}' }, /HUB_RUNTIME .*leasMs/],
    [[], { HUB_RUNTIME: '{"excelRowLimit": 1048577}' }, /HUB_RUNTIME excelRowLimit: .*excelRowLimit at most 1048576/],
    [[], { HUB_RUNTIME: '{"leaseMs": 5000}' }, /leaseMs \(5000\) must be longer than deliveryTimeoutMs \(180000\)/],
    [['--port', '70000'], {}, /--port \/ HUB_PORT must be a whole number from 0 to 65535.*'70000'/],
    [[], { HUB_PORT: '80.5' }, /HUB_PORT must be a whole number/],
    [[], { HUB_PORT: 'http' }, /HUB_PORT must be a whole number/],
    [[], { HUB_SESSION_HOURS: '0' }, /HUB_SESSION_HOURS must be a number of hours above 0/],
    [[], { HUB_SESSION_HOURS: 'soon' }, /HUB_SESSION_HOURS/],
    [[], { DATABASE_URL: 'mysql://db/hub' }, /DATABASE_URL must be a PostgreSQL URL/],
    [[], { HUB_LICENCE_ENFORCE: 'maybe' }, /HUB_LICENCE_ENFORCE must be one of 1, true/],
    [[], { HUB_LICENCE_ENFORCE: 'on' }, /is on but no --licence-public-key \/ HUB_LICENCE_PUBLIC_KEY is set/],
    [[], { HUB_LICENCE_PUBLIC_KEY: '/no/such/key.pem' }, /cannot read the key file/],
    [[], { HUB_LICENCE_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' }, /public key decode failed/],
    [['--prot', '1'], {}, /unknown option --prot \(known: --host, --port/],
    [['8080'], {}, /unexpected argument '8080'/],
    [['--port'], {}, /option --port needs a value/],
  ] as const)('explains a bad setting: %j %j', (argv, env, message) => {
    expect(() => loadHubConfig(argv, env)).toThrow(HubConfigError)
    expect(() => loadHubConfig(argv, env)).toThrow(message)
  })
})
