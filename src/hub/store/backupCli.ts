import { HubConfigError, loadHubConfig } from '../config'
import { BackupError, backupSqlite, restoreSqlite } from './backup'

/**
 * `npm run hub -- backup --to <folder>` and `npm run hub -- restore --from <folder>`, with the
 * hub's own store options (--data-dir, HUB_DATA_DIR). Answers the exit code: 0 done, 1 failed,
 * 2 wrong use (a message says which).
 */
export const BACKUP_COMMANDS = new Set(['backup', 'restore'])

interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

/** Takes `--name value` or `--name=value` out of argv; the rest is the hub's own options. */
function takeOption(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === name) return argv.splice(i, 2)[1]
    if (arg.startsWith(`${name}=`)) return argv.splice(i, 1)[0]!.slice(name.length + 1)
  }
  return undefined
}

export async function runBackupCommand(argv: readonly string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const [command, ...rest] = argv
  const folderFlag = command === 'backup' ? '--to' : '--from'
  const folder = takeOption(rest, folderFlag)
  try {
    if (!folder) throw new HubConfigError(`${command} needs ${folderFlag} <folder>`)
    const config = loadHubConfig(rest, env)
    if (config.databaseUrl) throw new HubConfigError(`a PostgreSQL hub is backed up with pg_dump and restored with pg_restore (README, "Backup and restore"); ${command} is for a SQLite hub`)
    if (command === 'backup') {
      let shown = -1
      const note = await backupSqlite(config.dataDir, folder, {
        sqliteBinding: config.sqliteBinding,
        // Long work shows progress: a line per tenth of the pages.
        progress: (done, total) => {
          const tenth = total > 0 ? Math.floor((done / total) * 10) : 10
          if (tenth > shown) io.out(`backup: ${Math.round((done / Math.max(total, 1)) * 100)}% of ${total} pages\n`)
          shown = tenth
        },
      })
      io.out(`backup of ${config.dataDir} written to ${folder} (hub ${note.hubVersion}, ${note.takenAt}${note.secretKey ? ', with its secret key' : ', no secret key file: keep HUB_SECRET_KEY with it'})\n`)
    } else {
      const aside = restoreSqlite(folder, config.dataDir, { sqliteBinding: config.sqliteBinding })
      io.out(`restored ${folder} into ${config.dataDir}${aside ? `; what was there is in ${aside}` : ''}\n`)
    }
    return 0
  } catch (err) {
    if (err instanceof HubConfigError) {
      io.err(`error: ${err.message}\n`)
      return 2
    }
    io.err(`the ${command} failed: ${err instanceof BackupError || err instanceof Error ? err.message : String(err)}\n`)
    return 1
  }
}
