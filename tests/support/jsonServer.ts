import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { eventually } from './eventually'
import { freePort } from './freePort'

/**
 * A REST source nobody here wrote: json-server (npm, pinned 1.0.0-beta.3, a devDependency), its
 * own command line on a db.json of the test's collections and a free loopback port. Its paging is
 * `?_page=N&_per_page=M`, answering `{first, prev, next, last, pages, items, data}` — and, like
 * many real APIs, a page past the end answers the last page again (it clamps the page number),
 * which is what issue 32's item 2 is about.
 */
export interface JsonServer {
  url: string
  close(): Promise<void>
}

const bin = join(dirname(createRequire(import.meta.url).resolve('json-server/package.json')), 'lib', 'bin.js')

export async function startJsonServer(collections: Record<string, unknown[]>): Promise<JsonServer> {
  const base = await mkdtemp(join(tmpdir(), 'json-server-'))
  const file = join(base, 'db.json')
  await writeFile(file, JSON.stringify(collections))
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, [bin, file, '--port', String(port), '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
    await rm(base, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  try {
    await eventually(
      async () => (child.exitCode !== null ? 'exited' : await fetch(`${url}/${Object.keys(collections)[0]}`).then((r) => r.status, () => 0)),
      (status) => status === 200 || status === 'exited',
      `json-server on ${url}`,
    )
    if (child.exitCode !== null) throw new Error(`json-server did not start: ${output}`)
  } catch (err) {
    await close()
    throw err
  }
  return { url, close }
}
