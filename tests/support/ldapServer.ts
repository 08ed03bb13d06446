import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from 'ldapts'
import { freePort } from './freePort'

/**
 * A real LDAP server for tests: Debian's OpenLDAP (`slapd`, installed by .ci/run), run in the
 * foreground with its own slapd.conf, an mdb database in a temporary folder and a free loopback
 * port. No system slapd is configured, started or touched.
 *
 * The directory allows at most SIZE_LIMIT entries per plain search but any number through the
 * paged-results control (`size.pr`, `size.prtotal`): a reader that does not page is refused
 * with sizeLimitExceeded, so a test can tell paging is used.
 */
const SLAPD = '/usr/sbin/slapd'
const SCHEMAS = ['core', 'cosine', 'inetorgperson', 'nis']
export const LDAP_SUFFIX = 'dc=datahub,dc=test'
export const LDAP_ADMIN = `cn=admin,${LDAP_SUFFIX}`
export const LDAP_PASSWORD = 'Ldap-Test-Pa55'
/** An ordinary account (the size limits apply to it; they do not to the administrator). */
export const LDAP_READER = `cn=reader,${LDAP_SUFFIX}`
export const LDAP_READER_PASSWORD = 'Reader-Pa55'
/** Entries a search without paging may return. */
export const SIZE_LIMIT = 50
/** The largest page a paged search may ask for (Active Directory's default MaxPageSize is 1000). */
const MAX_PAGE_SIZE = 500

export interface LdapServer {
  url: string
  host: string
  port: number
  /** A client bound as the directory's administrator, for the test to add and change entries. */
  admin(): Promise<Client>
  stop(): Promise<void>
}

export function ldapMissing(): string | null {
  if (!existsSync(SLAPD)) return 'slapd is not installed (apt-get install -y --no-install-recommends slapd ldap-utils)'
  return null
}

/** Waits until an anonymous bind succeeds (slapd listening and the database open). */
async function ready(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${log()}`)
    const client = new Client({ url, timeout: 1000, connectTimeout: 1000 })
    try {
      await client.bind('', '')
      return
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    } finally {
      await client.unbind().catch(() => undefined)
    }
  }
  throw new Error(`slapd did not start: ${log()}`)
}

/** Starts slapd with the suffix's root entry, an `ou=people` under it and the reader account. */
export async function startLdapServer(): Promise<LdapServer> {
  const base = await mkdtemp(join(tmpdir(), 'dh-slapd-'))
  const data = join(base, 'db')
  await mkdir(data, { mode: 0o700 })
  const config = join(base, 'slapd.conf')
  await writeFile(
    config,
    [
      ...SCHEMAS.map((s) => `include /etc/ldap/schema/${s}.schema`),
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(base, 'slapd.pid')}`,
      `argsfile ${join(base, 'slapd.args')}`,
      // Plain searches stop at SIZE_LIMIT; paged ones may read everything, page by page.
      `sizelimit size.soft=${SIZE_LIMIT} size.hard=${SIZE_LIMIT} size.pr=${MAX_PAGE_SIZE} size.prtotal=unlimited`,
      'database mdb',
      'maxsize 104857600',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN}"`,
      `rootpw ${LDAP_PASSWORD}`,
      `directory ${data}`,
      'index objectClass eq',
      'access to attrs=userPassword by anonymous auth by * none',
      'access to * by * read',
    ].join('\n') + '\n',
  )
  const port = await freePort()
  const url = `ldap://127.0.0.1:${port}`
  let output = ''
  // -d 0: stay in the foreground (so the test owns the process) and print nothing but errors.
  const child = spawn(SLAPD, ['-f', config, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
    await rm(base, { recursive: true, force: true })
  }
  try {
    await ready(url, child, () => output)
  } catch (err) {
    await stop()
    throw err
  }

  const admin = async () => {
    const client = new Client({ url })
    await client.bind(LDAP_ADMIN, LDAP_PASSWORD)
    return client
  }
  const client = await admin()
  try {
    await client.add(LDAP_SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'datahub', o: 'DataHub tests' })
    await client.add(`ou=people,${LDAP_SUFFIX}`, { objectClass: 'organizationalUnit', ou: 'people' })
    await client.add(LDAP_READER, { objectClass: ['organizationalRole', 'simpleSecurityObject'], cn: 'reader', userPassword: LDAP_READER_PASSWORD })
  } finally {
    await client.unbind()
  }
  return { url, host: '127.0.0.1', port, admin, stop }
}
