#!/usr/bin/env node
/**
 * `npm run hub`: the hub as a standalone server (no Electron needed). Settings come from flags
 * and environment variables (README, "Running the hub standalone").
 */
import { HubConfigError, loadHubConfig } from './config'
import { runPromotionCommand, UsageError } from './promotion/cli'
import { BACKUP_COMMANDS, runBackupCommand } from './store/backupCli'
import { logOutput } from './kernel/logOutput'
import { startHub } from './server'

/** `npm run hub -- export …` / `import --plan|--apply …` (promotion/cli.ts): one command, then exit. */
const PROMOTION_COMMANDS = new Set(['export', 'import'])

async function promotion(argv: string[]): Promise<void> {
  try {
    process.exitCode = await runPromotionCommand(argv, process.env, { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) })
  } catch (err) {
    if (err instanceof UsageError || err instanceof HubConfigError) {
      console.error(`error: ${err.message}`)
      process.exitCode = 2
    } else {
      console.error(`the ${argv[0]} failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exitCode = 1
    }
  }
}

/** Where the hub's lines go once its settings are read: stdout, as text or JSON lines (HUB_LOG_FORMAT). */
let write = logOutput('text', (text) => process.stdout.write(text))

async function main(): Promise<void> {
  const config = loadHubConfig(process.argv.slice(2), process.env)
  write = logOutput(config.logFormat ?? 'text', (text) => process.stdout.write(text))
  const hub = await startHub(config, { log: write })
  write(`DataHub hub ${hub.store.kind === 'postgres' ? 'on PostgreSQL' : `on SQLite in ${config.dataDir}`}, listening on ${hub.url}`)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl+C while closing means: now.
    if (stopping) process.exit(1)
    stopping = true
    write(`${signal}: stopping the hub…`)
    hub.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`error while stopping: ${err instanceof Error ? err.message : String(err)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

const argv = process.argv.slice(2)
const io = { out: (t: string) => process.stdout.write(t), err: (t: string) => process.stderr.write(t) }
if (PROMOTION_COMMANDS.has(argv[0] ?? '')) void promotion(argv)
// `backup --to <folder>` / `restore --from <folder>` (store/backupCli.ts): one command, then exit.
else if (BACKUP_COMMANDS.has(argv[0] ?? '')) void runBackupCommand(argv, process.env, io).then((code) => (process.exitCode = code))
else main().catch((err: unknown) => {
  // One line an operator can act on (the store and listen errors name what failed), no stack.
  if (err instanceof HubConfigError) console.error(`error: ${err.message}`)
  else console.error(`the hub could not start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(err instanceof HubConfigError ? 2 : 1)
})
