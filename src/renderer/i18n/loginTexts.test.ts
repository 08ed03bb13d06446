// @vitest-environment jsdom
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'
import { LOGIN_NAMESPACES } from './loginTexts'

// The renderer's sources as text (as locales.test.ts reads them).
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>

/** Files a module imports statically (`import … from './x'`; `import('./x')` is a later chunk). */
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.[^'"]+)['"]/gm
const dirOf = (file: string) => file.slice(0, file.lastIndexOf('/'))
const resolve = (from: string, spec: string): string | undefined => {
  const parts = `${dirOf(from)}/${spec}`.split('/')
  const out: string[] = []
  for (const p of parts) {
    if (p === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop()
    else if (p !== '.') out.push(p)
  }
  const base = out.join('/')
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => f in sources)
}

/** The console's modules the login route evaluates before its form draws: boot.tsx's static closure. */
function loginRoute(): Set<string> {
  const seen = new Set<string>()
  const walk = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const m of sources[file]!.matchAll(STATIC_IMPORT)) {
      const target = resolve(file, m[1]!)
      if (target) walk(target)
    }
  }
  walk('../boot.tsx')
  return seen
}

describe('the texts of the first frame', () => {
  it('the scan follows the login route and stops at lazy chunks', () => {
    const route = loginRoute()
    expect(route.has('../pages/login/LoginForm.tsx')).toBe(true)
    expect(route.has('../shell/Shell.tsx')).toBe(false)
    expect(route.has('../components/profiles/HubProfilesDialog.tsx')).toBe(false)
  })

  it("every t('ns:…') of the login route's modules is in a namespace the first frame carries", () => {
    const carried = new Set<string>(LOGIN_NAMESPACES)
    const missing = [...loginRoute()].flatMap((file) =>
      [...sources[file]!.matchAll(/\bt\(\s*['"`]([a-z]+):/g)].map((m) => m[1]!).filter((ns) => !carried.has(ns)).map((ns) => `${file}: ${ns}`),
    )
    expect(missing).toEqual([])
  })
})
