import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { freePort } from './freePort'

/**
 * A real SFTP server for tests: Debian's OpenSSH (`openssh-server`, installed by .ci/run), run
 * as `/usr/sbin/sshd -D -e -f <own config> -p <free loopback port>` with its own host key. No
 * system sshd is needed or touched.
 *
 * What works here (tests run as root, which sshd needs to chroot and to switch users):
 * - a dedicated system user `datahub-sftp` (no home, shell nologin, created once with useradd,
 *   password set to SFTP_PASSWORD with chpasswd); our config allows only that user, forces
 *   `internal-sftp` and chroots it, so the account can do nothing but SFTP in the test folder.
 *   The password is fixed, not random: test files running in parallel share the account.
 * - the chroot folder must be root-owned and no path component group/world-writable, so it is
 *   not under /tmp (mode 1777) but under /var/lib/datahub-tests/sftp-XXXX (root, 0755); inside,
 *   `upload/` belongs to the test user, who can write nowhere else.
 * - sshd needs /run/sshd (privilege separation) to exist; it is made when missing.
 * - UsePAM no: passwords are checked against /etc/shadow directly.
 * - authorized_keys is read with the user's rights: its folder is 0755 (mkdtemp makes 0700).
 *
 * `start` answers null (with the reason) when sshd or root is missing; with CI=true the caller
 * makes that a failure.
 */
export const SFTP_USER = 'datahub-sftp'
export const SFTP_PASSWORD = 'Sftp-Test-Pa55'
const SSHD = '/usr/sbin/sshd'
const ROOT = '/var/lib/datahub-tests'

export interface SftpServer {
  host: string
  port: number
  /** The chroot folder on this machine: the server's '/' for the test user. */
  root: string
  /** The folder the test user may write in: '/upload' on the server. */
  upload: string
  /** The server's host key fingerprint, as OpenSSH prints it (SHA256:…). */
  hostKey: string
  /** A private key whose public half the user's authorized_keys holds (OpenSSH format). */
  privateKey: string
  /** Replaces the host key with a new one and restarts on the same port (a "changed server"). */
  rekey(): Promise<void>
  stop(): Promise<void>
}

export function sftpMissing(): string | null {
  if (!existsSync(SSHD)) return 'openssh-server is not installed (apt-get install -y --no-install-recommends openssh-server)'
  if (process.getuid?.() !== 0) return 'the SFTP tests need root (sshd chroots and switches users)'
  return null
}

const run = (cmd: string, args: string[], input?: string) => execFileSync(cmd, args, { input, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] }).toString()

function ensureUser(): { uid: number; gid: number } {
  try {
    run('id', ['-u', SFTP_USER])
  } catch {
    try {
      run('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SFTP_USER])
    } catch (err) {
      // Another test file created it meanwhile.
      if (!String((err as { stderr?: unknown }).stderr).includes('already exists')) throw err
    }
  }
  run('chpasswd', [], `${SFTP_USER}:${SFTP_PASSWORD}\n`)
  return { uid: Number(run('id', ['-u', SFTP_USER]).trim()), gid: Number(run('id', ['-g', SFTP_USER]).trim()) }
}

/** Waits until the port greets in SSH (sshd listening), on events: each try is a connection. */
async function greeting(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${log()}`)
    const ok = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('data', (d) => (socket.destroy(), done(d.toString().startsWith('SSH-'))))
      socket.once('error', () => done(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`sshd did not start: ${log()}`)
}

const fingerprint = (pubFile: string) => run('ssh-keygen', ['-l', '-E', 'sha256', '-f', pubFile]).split(' ')[1]!

export async function startSftpServer(): Promise<SftpServer> {
  const { uid, gid } = ensureUser()
  await mkdir('/run/sshd', { recursive: true, mode: 0o755 })
  await mkdir(ROOT, { recursive: true, mode: 0o755 })
  const base = await mkdtemp(join(ROOT, 'sftp-'))
  // sshd reads authorized_keys as the user: the folder holding it must let them through.
  await chmod(base, 0o755)
  const root = join(base, 'root')
  const upload = join(root, 'upload')
  await mkdir(upload, { recursive: true, mode: 0o755 })
  await chown(upload, uid, gid)
  const hostKeyFile = join(base, 'host_ed25519')
  const userKeyFile = join(base, 'user_ed25519')
  run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKeyFile])
  run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', userKeyFile])
  const authorized = join(base, 'authorized_keys')
  await writeFile(authorized, await readFile(`${userKeyFile}.pub`), { mode: 0o644 })
  const config = join(base, 'sshd_config')
  await writeFile(
    config,
    [
      `HostKey ${hostKeyFile}`,
      'ListenAddress 127.0.0.1',
      `PidFile ${join(base, 'sshd.pid')}`,
      'UsePAM no',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      `AuthorizedKeysFile ${authorized}`,
      // The key file lives outside the user's home, owned by root: fine for sshd's checks.
      'StrictModes no',
      `AllowUsers ${SFTP_USER}`,
      'PermitRootLogin no',
      'Subsystem sftp internal-sftp',
      `ChrootDirectory ${root}`,
      'ForceCommand internal-sftp',
      'AllowTcpForwarding no',
      'X11Forwarding no',
      'LogLevel ERROR',
    ].join('\n') + '\n',
  )
  const port = await freePort()
  let child: ChildProcess
  let output = ''
  const launch = async () => {
    output = ''
    child = spawn(SSHD, ['-D', '-e', '-f', config, '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
    await greeting(port, child, () => output)
  }
  const halt = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  await launch()
  const server: SftpServer = {
    host: '127.0.0.1',
    port,
    root,
    upload,
    hostKey: fingerprint(`${hostKeyFile}.pub`),
    privateKey: await readFile(userKeyFile, 'utf8'),
    async rekey() {
      await halt()
      await rm(hostKeyFile, { force: true })
      await rm(`${hostKeyFile}.pub`, { force: true })
      run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKeyFile])
      server.hostKey = fingerprint(`${hostKeyFile}.pub`)
      await launch()
    },
    async stop() {
      await halt()
      await rm(base, { recursive: true, force: true })
    },
  }
  return server
}
