import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { workerEntry } from './spawn'

const out = mkdtempSync(join(tmpdir(), 'dh-bundle-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('worker entries', () => {
  it('from sources: the .ts file beside the caller', () => {
    expect(workerEntry('/src/hub/workbooks/read.ts', 'workbookWorker')).toBe('/src/hub/workbooks/workbookWorker.ts')
  })

  it('in the bundle: out/main, whether the caller is an entry there or a chunk under it', () => {
    const main = join(out, 'main')
    mkdirSync(join(main, 'chunks'), { recursive: true })
    writeFileSync(join(main, 'scriptWorker.js'), '')
    expect(workerEntry(join(main, 'hubProcess.js'), 'scriptWorker')).toBe(join(main, 'scriptWorker.js'))
    expect(workerEntry(join(main, 'chunks', 'javaScript-1a2b.js'), 'scriptWorker')).toBe(join(main, 'scriptWorker.js'))
  })
})
