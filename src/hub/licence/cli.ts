/**
 * `npm run licence -- keygen | issue …`: the vendor's tool for licence keys and files
 * (commands in cliCommands.ts). Runs from source with tsx, like `npm run hub`.
 */
import { LicenceCliError, runLicenceCli } from './cliCommands'

runLicenceCli(process.argv.slice(2)).then(
  (text) => console.log(text),
  (err: unknown) => {
    console.error(err instanceof LicenceCliError ? `error: ${err.message}` : `licence tool failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(err instanceof LicenceCliError ? 2 : 1)
  },
)
