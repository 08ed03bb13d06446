import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No import circles in src/ (issue 13): two modules that import each other, even for a type or
 * through a lazy import(), cannot be understood, tested or split apart one at a time. A shared
 * type goes into a module of its own that both import (pages/pageTypes.ts,
 * components/code/codeEditorProps.ts).
 */
const root = path.resolve(__dirname, '../../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : []
  })
}

const SPECIFIERS = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''))
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.map((f) => path.relative(root, f)).sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('the import graph of src/', () => {
  const files = sourceFiles(root)
  const graph = new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8')
      const targets = [...text.matchAll(SPECIFIERS)].map((m) => resolveImport(file, (m[1] ?? m[2])!)).filter((t): t is string => t !== null)
      return [file, [...new Set(targets)]]
    }),
  )

  it('reads the modules and their imports', () => {
    expect(files.length).toBeGreaterThan(300)
    expect(graph.get(path.join(root, 'hub/config.ts'))).toContain(path.join(root, 'hub/runtime/settingsText.ts'))
  })

  it('has no circles', () => {
    expect(circles(graph)).toEqual([])
  })
})
