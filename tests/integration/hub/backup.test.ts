import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, secretKey } from '../../../src/hub/kernel/secrets'
import { runBackupCommand } from '../../../src/hub/store/backupCli'
import { createSqliteLocation } from '../../support/stores'
import { killHubClis, runHubCli } from '../../support/hubCli'
import { openBench, type Bench } from '../datahub/support'
import { httpConsumer, keepPushing, openFlow, startSink, type Sink } from '../runtime/support'

/**
 * Online backup of a SQLite hub and its restore (issue 38), as an operator runs them: the
 * `backup` command in its own process while the hub takes pushes, then `restore` into another
 * data directory. Every push the hub acknowledged before the backup started is in the restored
 * store, which passes SQLite's integrity check, and the secret key travels with it.
 */
let bench: Bench
let sink: Sink
const folders: string[] = []
const folder = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `dh-${name}-`))
  folders.push(dir)
  return dir
}

beforeAll(async () => {
  bench = await openBench({ name: 'sqlite', missing: null, create: createSqliteLocation })
  sink = await startSink()
})
afterAll(async () => {
  await bench?.close()
  await sink?.close()
  for (const dir of folders) await rm(dir, { recursive: true, force: true })
})
afterEach(() => killHubClis())

const cli = async (args: string[]) => {
  const run = runHubCli(args)
  const code = await run.exited
  return { code, output: run.output() }
}

describe('backup and restore of a SQLite hub', () => {
  it('backs up while pushes go on and restores every message acknowledged before it started, with the secret key', async () => {
    const dataDir = bench.hub.config.dataDir
    const sealed = encryptSecret(secretKey(dataDir), 'pg-password-7')
    const flow = await openFlow(bench, { consumers: [httpConsumer(sink.url)] })
    const pushing = keepPushing(bench, flow.topic.code)
    const { acked } = pushing
    await pushing.until(300)

    const to = join(await folder('backup'), 'taken')
    const before = new Set(acked)
    const backup = runHubCli(['backup', '--to', to, '--data-dir', dataDir])
    const code = await backup.exited
    const during = acked.length
    await pushing.stop()
    expect(code, backup.output()).toBe(0)
    expect(backup.output()).toMatch(/backup: \d+% of \d+ pages/)
    expect(backup.output()).toContain('with its secret key')
    // The hub kept taking pushes while the copy ran.
    expect(during).toBeGreaterThan(before.size)
    expect((await stat(join(to, 'hub.sqlite'))).mode & 0o777).toBe(0o600)

    const restored = await folder('restored')
    const restore = await cli(['restore', '--from', to, '--data-dir', restored])
    expect(restore.code, restore.output).toBe(0)
    const db = new Database(join(restored, 'hub.sqlite'), { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const ids = new Set((db.prepare('select id from dh_messages').all() as { id: string }[]).map((r) => r.id))
      expect([...before].filter((id) => !ids.has(id))).toEqual([])
    } finally {
      db.close()
    }
    expect(decryptSecret(secretKey(restored, {}), sealed)).toBe('pg-password-7')
    expect(await readFile(join(restored, 'secret.key'))).toEqual(await readFile(join(dataDir, 'secret.key')))
  })

  it('moves what a data directory held aside on restore, never deleting it, and refuses wrong use with a reason', async () => {
    // The commands in this process (the first test runs them as their own processes).
    const command = async (...argv: string[]) => {
      let output = ''
      const code = await runBackupCommand(argv, {}, { out: (t) => (output += t), err: (t) => (output += t) })
      return { code, output }
    }
    const to = join(await folder('backup'), 'taken')
    expect((await command('backup', '--to', to, '--data-dir', bench.hub.config.dataDir)).code).toBe(0)
    const target = await folder('target')
    expect(await command('restore', '--from', to, '--data-dir', target)).toMatchObject({ code: 0, output: expect.not.stringContaining('what was there') })
    const second = await command('restore', `--from=${to}`, '--data-dir', target)
    expect(second.code, second.output).toBe(0)
    const aside = /what was there is in (\S+)/.exec(second.output)?.[1]
    expect(aside && existsSync(join(aside, 'hub.sqlite')) && existsSync(join(aside, 'secret.key'))).toBe(true)
    expect(existsSync(join(target, 'hub.sqlite'))).toBe(true)

    // A backup goes into a new or empty folder; a restore needs a backup; each needs its folder.
    expect(await command('backup', '--to', to, '--data-dir', bench.hub.config.dataDir)).toMatchObject({ code: 1, output: expect.stringContaining('is not empty') })
    expect(await command('restore', '--from', `${target}-missing`, '--data-dir', target)).toMatchObject({ code: 1, output: expect.stringContaining('holds no hub backup') })
    expect(await command('backup', '--data-dir', target)).toMatchObject({ code: 2, output: expect.stringContaining('backup needs --to <folder>') })
    expect(await command('backup', '--to', `${to}-pg`, '--database-url', 'postgres://x@127.0.0.1/none')).toMatchObject({ code: 2, output: expect.stringContaining('pg_dump') })
  })
})
