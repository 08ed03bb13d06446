import path from 'node:path'
import { APP_ORIGIN } from './origin'

export type AppPathResult = { ok: true; file: string } | { ok: false; reason: 'foreign' | 'forbidden' }

/**
 * Maps app://console/<path> to a file inside the built renderer folder. A path without an
 * extension is a history-mode route of the console and gets index.html. Refuses anything
 * that could leave the folder: dot segments (also percent-encoded), backslashes, NUL, drive
 * letters, bad encoding. Chromium already normalises standard-scheme URLs; this is the second
 * line, so it reads the raw string rather than trusting a parser's normalisation.
 */
export function resolveAppPath(requestUrl: string, rendererRoot: string): AppPathResult {
  const prefix = `${APP_ORIGIN}/`
  const raw = requestUrl.toLowerCase().startsWith(prefix) ? requestUrl.slice(prefix.length) : requestUrl === APP_ORIGIN ? '' : null
  if (raw === null) return { ok: false, reason: 'foreign' }

  const rawPath = raw.split(/[?#]/, 1)[0] ?? ''
  const segments: string[] = []
  for (const encoded of rawPath.split('/')) {
    if (encoded === '') continue
    let segment: string
    try {
      segment = decodeURIComponent(encoded)
    } catch {
      return { ok: false, reason: 'forbidden' }
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return { ok: false, reason: 'forbidden' }
    segments.push(segment)
  }

  const last = segments.at(-1)
  const isRoute = last === undefined || !last.includes('.')
  const root = path.resolve(rendererRoot)
  const file = isRoute ? path.join(root, 'index.html') : path.resolve(root, ...segments)
  const relative = path.relative(root, file)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return { ok: false, reason: 'forbidden' }
  return { ok: true, file }
}
