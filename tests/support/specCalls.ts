import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The calls the product specification lists (section 7 of both documents), read from its text:
 * the wire contract the console and any hub speaking it must share. Each listed line reads
 * "Label: GET /resource/a, /b?x; POST /c, /d/{id}" — a path without its resource (`/b`, or one
 * starting with an action word such as `/detail/{id}`) is under the line's last resource.
 */
export interface SpecCall {
  /** GET, POST, or both where the spec writes GET/POST. */
  methods: ('GET' | 'POST')[]
  /** The prefix the spec names; null where the line does not say (part 1's summary lines). */
  prefix: '/api/inner/platform' | '/api/inner/datahub' | null
  /** As written, its query left out, `{name}` segments kept. */
  path: string
  /** Where it was read: document and line. */
  source: string
}

/** Part 1's lines whose calls are the data hub's. */
const PART_1_DATAHUB = new Set(['Consumer', 'Producer', 'Topic', 'Data source', 'Authentication'])

const SPEC_DIR = path.resolve(__dirname, '../../../shared/spec')
const PART_1 = '000_5b8013421a805be8.txt'
const PART_2 = '001_ca6e7638f666cb3d.txt'

/** Path segments that are actions on the resource before them, not resources of their own. */
const ACTIONS = new Set(['detail', 'delete', 'remove', 'get', 'list', 'listAll', 'query', 'create', 'update', 'status', 'disableOrEnable', 'updateStatusActive', 'updateStatusDeActive', 'updateSetDefault'])

/** A path's resource: the path without its trailing action segments (`/employee/status/update` → `/employee`). */
function resourceOf(segments: string[]): string {
  const kept = segments.slice(0, -1)
  while (kept.length > 1 && ACTIONS.has(kept[kept.length - 1]!)) kept.pop()
  return '/' + kept.join('/')
}

/**
 * The calls of one line. A path after a comma, without a method of its own, is under the last
 * resource when it has one segment or starts with an action (`/update`, `/detail/{id}`); so is a
 * path with its own method that is an action (`POST /create` after `GET /role/query`); any other
 * path stands for itself (`GET /getLicese`).
 */
function callsOfLine(text: string, prefix: SpecCall['prefix'], source: string): SpecCall[] {
  const calls: SpecCall[] = []
  let methods: SpecCall['methods'] = []
  let first: SpecCall['methods'] = []
  let resource = ''
  // Parenthesised remarks name fields, not calls; a sentence's end starts a new list.
  const body = text.replace(/\([^)]*\)/g, '')
  for (const part of body.split(/[;,]|\.\s/)) {
    // "Also /other/list, /get; POST …" lists a second resource's calls the way the line began.
    if (/^\s*Also\s/.test(part)) methods = first
    // Words may lead a list ("internal GET …", "External: GET/POST …", "Also /pfauthentication/…").
    const m = /^\s*(?:[A-Za-z-]+:?\s+)*?(?:(GET\/POST|GET|POST)\s+)?(\/[\w/{}.-]*)/.exec(part)
    if (!m) continue
    if (m[1]) methods = m[1] === 'GET/POST' ? ['GET', 'POST'] : [m[1] as 'GET' | 'POST']
    if (methods.length === 0) continue
    if (first.length === 0) first = methods
    let p = m[2]!.replace(/\.$/, '')
    const segments = p.split('/').filter(Boolean)
    const action = ACTIONS.has(segments[0]!)
    const underResource = resource !== '' && (m[1] ? action : segments.length === 1 || action)
    if (underResource) p = resource + p
    else resource = segments.length > 1 ? resourceOf(segments) : ''
    // A path written with its prefix says it itself.
    const own = (['/api/inner/platform', '/api/inner/datahub'] as const).find((base) => p.startsWith(base + '/'))
    calls.push({ methods: [...methods], prefix: own ?? prefix, path: own ? p.slice(own.length) : p, source })
  }
  return calls
}

/** Every call listed in section 7 of part 1 (its summary lines) and part 2 (the data hub's helpers, the platform's calls). */
export function specCalls(): SpecCall[] {
  const calls: SpecCall[] = []
  const part1 = readFileSync(path.join(SPEC_DIR, PART_1), 'utf8').split('\n')
  const start1 = part1.findIndex((l) => l.startsWith('## 7. Calls'))
  for (let i = start1 + 1; i < part1.length && !part1[i]!.startsWith('## '); i++) {
    const m = /^([A-Z][\w ]*): (.*)$/.exec(part1[i]!)
    if (!m || !/\b(GET|POST)\b/.test(m[2]!)) continue
    const line = { text: m[2]!, source: `part 1 line ${i + 1}` }
    if (PART_1_DATAHUB.has(m[1]!)) calls.push(...callsOfLine(line.text, '/api/inner/datahub', line.source))
    // Part 2 lists the platform's calls again, with their prefix; the process and workbench calls only part 1 lists.
    else if (m[1] === 'Process') calls.push(...callsOfLine(line.text, null, line.source))
  }
  const part2 = readFileSync(path.join(SPEC_DIR, PART_2), 'utf8').split('\n')
  // Part 2's two lists: the data hub's helpers (full paths, or the data hub's), the platform's.
  for (const [heading, prefix] of [['### Data hub helpers', '/api/inner/datahub'], ['### Platform (under /api/inner/platform)', '/api/inner/platform']] as const) {
    const start = part2.findIndex((l) => l.startsWith(heading))
    for (let i = start + 1; i < part2.length && part2[i]!.startsWith('- '); i++) {
      // "- Label: GET /a, …", or a call of its own: "- POST /api/…/x: what it does".
      const bullet = part2[i]!.slice(2)
      const text = /^(GET|POST)\s/.test(bullet) ? bullet : bullet.slice(bullet.indexOf(': ') + 2)
      if (!/\b(GET|POST)\b/.test(text)) continue
      calls.push(...callsOfLine(text, prefix, `part 2 line ${i + 1}`))
    }
  }
  return calls
}
