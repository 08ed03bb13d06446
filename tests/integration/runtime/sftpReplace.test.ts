import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client, type SFTPWrapper } from 'ssh2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sftpFiles } from '../../../src/hub/datahub/dataSources/connect/sftpFiles'
import { sftpMissing, startSftpServer, SFTP_PASSWORD, SFTP_USER, type SftpServer } from '../../support/sftpServer'

/**
 * Renaming over a file on SFTP (how a per-day excel workbook is rewritten), against the real
 * OpenSSH server: with its posix-rename@openssh.com, and as on a server without it (OpenSSH
 * always offers it, so the session is told it was not announced: the only pretence here).
 */
const missing = sftpMissing()
if (missing && process.env.CI === 'true') throw new Error(`SFTP tests cannot run: ${missing}`)

describe.skipIf(missing !== null)('SFTP replace', () => {
  let server: SftpServer
  let client: Client
  let sftp: SFTPWrapper
  beforeAll(async () => {
    server = await startSftpServer()
    client = new Client()
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve()).once('error', reject)
      client.connect({ host: server.host, port: server.port, username: SFTP_USER, password: SFTP_PASSWORD })
    })
    sftp = await new Promise((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))))
  })
  afterAll(async () => {
    client?.end()
    await server?.stop()
  })

  const scenario = async (folder: string) => {
    const files = sftpFiles(sftp)
    await files.mkdir(`/upload/${folder}`)
    await files.create(`/upload/${folder}/book.xlsx`, 'old', 0o640)
    await files.create(`/upload/${folder}/.new.tmp`, 'new', 0o640)
    await files.replace(`/upload/${folder}/.new.tmp`, `/upload/${folder}/book.xlsx`)
    expect(await readFile(join(server.upload, folder, 'book.xlsx'), 'utf8')).toBe('new')
    expect(await readdir(join(server.upload, folder))).toEqual(['book.xlsx'])
    expect((await files.read(`/upload/${folder}/book.xlsx`))?.toString()).toBe('new')
    expect(await files.read(`/upload/${folder}/none.xlsx`)).toBeNull()
  }

  it('replaces the file in one step with posix-rename', () => scenario('posix'))

  it('without posix-rename, moves the old file aside first and removes it after', async () => {
    const extensions = (sftp as unknown as { _extensions: Record<string, unknown> })._extensions
    delete extensions['posix-rename@openssh.com']
    await scenario('plain')
  })
})
