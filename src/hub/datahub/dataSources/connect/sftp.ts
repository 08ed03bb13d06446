import { createHash } from 'node:crypto'
import { posix } from 'node:path'
import { Client, utils, type ConnectConfig, type SFTPWrapper } from 'ssh2'
import { hostKeyChanged, privateKeyInvalid } from '../refusals'
import { sftpFiles, type SftpFiles } from './sftpFiles'
import { ConnectionError, type ConnectionSpec } from './types'

/** What an SFTP session needs: the connection spec with the SFTP fields. */
export type SftpSpec = Pick<ConnectionSpec, 'host' | 'port' | 'username' | 'password' | 'timeoutMs' | 'databaseName' | 'privateKey' | 'hostKey' | 'pinHostKey'>

/** An open SFTP session; `end` closes the SSH connection under it. */
export interface SftpSession {
  files: SftpFiles
  /** The server's software as its SSH greeting names it (e.g. OpenSSH_9.2p1). */
  software: string
  /** The host key the server showed, as OpenSSH prints it. */
  hostKey: string
  /** The base folder, as the server resolved it ('' in the spec is the login folder). */
  baseDir: string
  end: () => void
}

/** OpenSSH's fingerprint format: SHA256 of the key blob, base64 without padding. */
export const fingerprintOf = (key: Buffer): string => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`

/** A private key the hub can use, else a refusal that says so (before any connection is tried). */
function keyConfig(spec: SftpSpec): Pick<ConnectConfig, 'password' | 'privateKey' | 'passphrase'> {
  if (!spec.privateKey) return { password: spec.password }
  // With a key, the password field is the key's passphrase; it is never sent to the server.
  const parsed = utils.parseKey(spec.privateKey, spec.password || undefined)
  if (parsed instanceof Error) throw privateKeyInvalid({ detail: parsed.message.replace(spec.password || '\0', '***') })
  return { privateKey: spec.privateKey, passphrase: spec.password || undefined }
}

/**
 * Opens an SFTP session. The host key is pinned on first use: with none pinned the key met is
 * accepted and handed to `pinHostKey` (a stored source records it); with one pinned, any other
 * key is refused before signing in, so no password or key is offered to an impostor.
 * Authentication refused by the server is a 'server' ConnectionError (its reason may be shown).
 */
export async function openSftp(spec: SftpSpec): Promise<SftpSession> {
  const auth = keyConfig(spec)
  const client = new Client()
  let offered = ''
  const pinned = spec.hostKey ?? ''
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve())
      client.once('error', (err: Error & { level?: string }) => {
        if (offered && pinned && offered !== pinned) reject(hostKeyChanged({ host: spec.host, port: spec.port, pinned, offered }))
        else if (err.level === 'client-authentication') reject(new ConnectionError(err.message, 'server'))
        else reject(err)
      })
      client.connect({
        host: spec.host,
        port: spec.port,
        username: spec.username,
        ...auth,
        readyTimeout: spec.timeoutMs,
        hostVerifier: (key: Buffer) => {
          offered = fingerprintOf(key)
          return !pinned || offered === pinned
        },
      })
    })
    if (!pinned && spec.pinHostKey) await spec.pinHostKey(offered)
    const sftp = await new Promise<SFTPWrapper>((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))))
    const files = sftpFiles(sftp)
    const baseDir = await files.realpath(spec.databaseName || '.')
    // ssh2 keeps the greeting's software version, not in its typings.
    const software = (client as unknown as { _remoteVer?: string })._remoteVer ?? 'SSH'
    return { files, software, hostKey: offered, baseDir, end: () => client.end() }
  } catch (err) {
    client.end()
    throw err
  }
}

/**
 * Connection test: signs in, resolves the base folder and checks it can be written to, as a
 * delivery would (a probe file is written and removed again). Spec §9: "file directory needs
 * read and write permission".
 */
export async function testSftp(spec: SftpSpec): Promise<string> {
  const session = await openSftp(spec)
  try {
    const { files, baseDir } = session
    const probe = posix.join(baseDir, `.datahub-test-${process.pid}-${Date.now()}.tmp`)
    try {
      await files.readdir(baseDir)
      await files.create(probe, '', 0o600)
      await files.unlink(probe)
    } catch (err) {
      throw new ConnectionError(`${baseDir}: ${(err as Error).message}`, 'server')
    }
    return `${session.software} · ${baseDir} · ${session.hostKey}`
  } finally {
    session.end()
  }
}
