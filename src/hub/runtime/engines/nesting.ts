/**
 * How deep a message nests, measured without recursion (the data may be nested far deeper than
 * any stack). Both answer whether `max` levels are exceeded, stopping as soon as they are.
 */

/** JSON: each array or object is a level; `{"a":[1]}` has two. */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next
    if (node === null || typeof node !== 'object') continue
    if (depth > max) return true
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
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
