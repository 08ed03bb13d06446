import { isExactNumber } from '../json/exact'

/**
 * How deep a message nests, measured without recursion (the data may be nested far deeper than
 * any stack). Both answer whether `max` levels are exceeded, stopping as soon as they are.
 */

/**
 * JSON: each array or object is a level; `{"a":[1]}` has two. Every pulled batch and pushed
 * message passes here — a million-row pull a million objects — so the walk allocates nothing per
 * node: two parallel stacks, and own keys walked in place (no Object.values array each).
 */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  const nodes: unknown[] = [value]
  const depths: number[] = [1]
  const push = (child: unknown, depth: number) => {
    // A number kept as its digits (json/exact.ts) is a number, not a level.
    if (child === null || typeof child !== 'object' || isExactNumber(child)) return
    nodes.push(child)
    depths.push(depth)
  }
  while (nodes.length > 0) {
    const node = nodes.pop()
    const depth = depths.pop()!
    if (node === null || typeof node !== 'object') continue
    if (depth > max) return true
    if (Array.isArray(node)) for (const child of node) push(child, depth + 1)
    else for (const key in node) if (Object.hasOwn(node, key)) push((node as Record<string, unknown>)[key], depth + 1)
  }
  return false
}

/**
 * XML, read from its text before any parser builds a tree of it: each open element is a level.
 * Comments, CDATA, processing instructions and declarations are skipped, quoted attribute
 * values too (they may hold '>'). A document that is not well-formed may be counted wrongly;
 * the parser refuses it afterwards anyway.
 */
export function xmlDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let at = text.indexOf('<')
  while (at !== -1) {
    let end: number
    if (text.startsWith('<!--', at)) end = after(text, '-->', at + 4)
    else if (text.startsWith('<![CDATA[', at)) end = after(text, ']]>', at + 9)
    else if (text.startsWith('<?', at)) end = after(text, '?>', at + 2)
    else if (text.startsWith('<!', at)) end = tagEnd(text, at)
    else if (text[at + 1] === '/') {
      depth--
      end = after(text, '>', at)
    } else {
      end = tagEnd(text, at)
      if (text[end - 2] !== '/' && ++depth > max) return true
    }
    if (end === -1) return false
    at = text.indexOf('<', end)
  }
  return false
}

/** Just past the first `token` from `from`, or -1. */
function after(text: string, token: string, from: number): number {
  const found = text.indexOf(token, from)
  return found === -1 ? -1 : found + token.length
}

/** Just past the '>' that ends the tag at `from`, quoted values skipped; -1 when none does. */
function tagEnd(text: string, from: number): number {
  let quote = ''
  for (let i = from + 1; i < text.length; i++) {
    const c = text[i]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '>') return i + 1
  }
  return -1
}
