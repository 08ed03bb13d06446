import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { ConnectionError, type ConnectionSpec } from './types'

/**
 * A folder on the hub (file location, kind 'folder'): the test says whether it exists and the hub
 * may read and write it (spec §9: "file directory needs read and write permission"). It is not
 * created here: a mistyped path should be seen, not made; deliveries create the consumer's own
 * sub-folder (fileDir) inside it.
 */
export async function testFolder(spec: Pick<ConnectionSpec, 'databaseName'>): Promise<string> {
  const dir = spec.databaseName
  try {
    if (!(await stat(dir)).isDirectory()) throw new ConnectionError(`${dir} is not a folder`)
    await access(dir, constants.R_OK | constants.W_OK)
  } catch (err) {
    if (err instanceof ConnectionError) throw err
    throw new ConnectionError(`${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`)
  }
  return dir
}
