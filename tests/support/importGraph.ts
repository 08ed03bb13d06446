import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The source's import graph, read the way the architecture tests need it (importCycles between
 * files, hubFolderCycles between the hub's folders): every relative import counts, types and lazy
 * import() too, since each of them ties two modules together just the same.
 */

/** The .ts/.tsx sources below dir, without tests and declaration files. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : []
  })
}

const SPECIFIERS = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

/** The file a relative specifier names, as the bundler finds it; null for anything else (assets). */
export function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''))
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The source files that file imports, once each, in the order it names them. */
export function importsOf(file: string): string[] {
  const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIERS)].map((m) => resolveImport(file, (m[1] ?? m[2])!))
  return [...new Set(targets.filter((t): t is string => t !== null))]
}

/**
 * Strongly connected components that hold a cycle (Tarjan): more than one node, or one that
 * points at itself. Each component is sorted, and nodes are visited in sorted order, so the
 * answer does not depend on how the graph was read.
 */
export function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v)
  return found
}
