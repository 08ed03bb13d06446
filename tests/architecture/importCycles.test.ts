import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourceFiles, stronglyConnected } from '../support/importGraph'

/**
 * No import circles in src/ (issue 13): two modules that import each other, even for a type or
 * through a lazy import(), cannot be understood, tested or split apart one at a time. A shared
 * type goes into a module of its own that both import (pages/pageTypes.ts,
 * components/code/codeEditorProps.ts).
 */
const root = path.resolve(__dirname, '../../src')

describe('the import graph of src/', () => {
  const files = sourceFiles(root)
  const graph = new Map(files.map((file) => [file, importsOf(file)]))

  it('reads the modules and their imports', () => {
    expect(files.length).toBeGreaterThan(300)
    expect(graph.get(path.join(root, 'hub/config.ts'))).toContain(path.join(root, 'hub/runtime/settingsText.ts'))
  })

  it('has no circles', () => {
    expect(stronglyConnected(graph).map((circle) => circle.map((f) => path.relative(root, f)))).toEqual([])
  })
})
