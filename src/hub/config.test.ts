import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HubConfigError, loadHubConfig } from './config'

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
    })
  })

  it('reads the environment, and flags win over it', () => {
    const env = { HUB_HOST: '0.0.0.0', HUB_PORT: '8080', HUB_DATA_DIR: '/srv/hub', DATABASE_URL: 'postgres://db/hub', HUB_ADMIN_PASSWORD: 'Env#Pass1', HUB_SESSION_HOURS: '1.5', HUB_SQLITE_BINDING: '/x/better_sqlite3.node' }
    expect(loadHubConfig([], env)).toEqual({
      host: '0.0.0.0', port: 8080, dataDir: '/srv/hub', databaseUrl: 'postgres://db/hub', adminPassword: 'Env#Pass1', sessionHours: 1.5, sqliteBinding: '/x/better_sqlite3.node',
    })
    const flags = ['--host', '::1', '--port=0', '--data-dir', 'rel/dir', '--database-url', 'postgresql://u@h/d', '--admin-password', 'Flag#Pass1']
    expect(loadHubConfig(flags, env)).toMatchObject({ host: '::1', port: 0, dataDir: resolve('rel/dir'), databaseUrl: 'postgresql://u@h/d', adminPassword: 'Flag#Pass1' })
  })

  it('treats empty variables as unset', () => {
    expect(loadHubConfig([], { HUB_PORT: '', DATABASE_URL: ' ', HUB_ADMIN_PASSWORD: '' })).toMatchObject({ port: 7380, databaseUrl: null, adminPassword: null })
  })

  it.each([
    [['--port', '70000'], {}, /--port \/ HUB_PORT must be a whole number from 0 to 65535.*'70000'/],
    [[], { HUB_PORT: '80.5' }, /HUB_PORT must be a whole number/],
    [[], { HUB_PORT: 'http' }, /HUB_PORT must be a whole number/],
    [[], { HUB_SESSION_HOURS: '0' }, /HUB_SESSION_HOURS must be a number of hours above 0/],
    [[], { HUB_SESSION_HOURS: 'soon' }, /HUB_SESSION_HOURS/],
    [[], { DATABASE_URL: 'mysql://db/hub' }, /DATABASE_URL must be a PostgreSQL URL/],
    [['--prot', '1'], {}, /unknown option --prot \(known: --host, --port/],
    [['8080'], {}, /unexpected argument '8080'/],
    [['--port'], {}, /option --port needs a value/],
  ] as const)('explains a bad setting: %j %j', (argv, env, message) => {
    expect(() => loadHubConfig(argv, env)).toThrow(HubConfigError)
    expect(() => loadHubConfig(argv, env)).toThrow(message)
  })
})
