import { PROCESS_VARIABLE_CODES, type Condition, type ProcessVariableCode } from '../../../shared/rules/approvals/process'

/**
 * A link's condition as the expression other engines read, and back.
 *
 * Written as a UEL/JUEL value expression, `${changeSize > 1}`, `${objectType == 'topic'}`: what
 * Camunda 7, Flowable and Activiti evaluate for a tFormalExpression without a `language`, and
 * equally valid JavaScript (the operators, quoting and `String.indexOf` are the same), so
 * script-minded engines agree. `in` is a disjunction of equalities; `contains` is
 * `indexOf(…) >= 0`, a method both Java and JavaScript strings have.
 *
 * Read (an import, and the hub's engine when it runs an exported definition): one comparison of
 * a process variable with a literal, or equalities on one variable joined by `||`/`or`, in the
 * forms the common modelers write — `${…}` / `#{…}` (JUEL), `=…` or bare (FEEL), JavaScript's
 * `===`/`!==`/`includes`, JUEL's `eq ne gt ge lt le`, FEEL's `=`, `in (…)` and `contains(v, "x")`,
 * `execution.getVariable('v')` and `variables.v` for the variable. Nothing is evaluated: the
 * text becomes the designer's condition, tested by `conditionHolds`.
 */

export type ExpressionProblem = 'syntax' | 'compound' | 'variable'
export type ParsedExpression = { ok: true; condition: Condition } | { ok: false; problem: ExpressionProblem; variable?: string }

const OPERATOR_TEXT = { eq: '==', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=' } as const

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const literal = (v: string | number) => (typeof v === 'number' ? String(v) : quote(v))

export function conditionExpression(c: Condition): string {
  const v = c.variable
  switch (c.operator) {
    case 'in': {
      const values = String(c.value).split(',').map((s) => s.trim())
      return `\${${values.map((x) => `${v} == ${quote(x)}`).join(' || ')}}`
    }
    case 'contains':
      return `\${${v}.indexOf(${quote(String(c.value))}) >= 0}`
    default:
      return `\${${v} ${OPERATOR_TEXT[c.operator]} ${literal(c.value)}}`
  }
}

type Token = { kind: 'string'; text: string } | { kind: 'number'; value: number } | { kind: 'name'; text: string } | { kind: 'op'; text: string }

const TOKEN = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)|(===|!==|==|!=|>=|<=|\|\||&&|[><=(),[\]!]))/y

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  let at = 0
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break
    TOKEN.lastIndex = at
    const m = TOKEN.exec(text)
    if (!m) return null
    at = TOKEN.lastIndex
    const str = m[1] ?? m[2]
    if (str !== undefined) tokens.push({ kind: 'string', text: str.replace(/\\(.)/g, '$1') })
    else if (m[3] !== undefined) tokens.push({ kind: 'number', value: Number(m[3]) })
    else if (m[4] !== undefined) tokens.push({ kind: 'name', text: m[4] })
    else tokens.push({ kind: 'op', text: m[5]! })
  }
  return tokens
}

const COMPARISON: Record<string, Condition['operator']> = {
  '==': 'eq', '===': 'eq', '=': 'eq', eq: 'eq',
  '!=': 'ne', '!==': 'ne', ne: 'ne',
  '>': 'gt', gt: 'gt', '>=': 'ge', ge: 'ge',
  '<': 'lt', lt: 'lt', '<=': 'le', le: 'le',
}
const MIRROR: Partial<Record<Condition['operator'], Condition['operator']>> = { gt: 'lt', lt: 'gt', ge: 'le', le: 'ge' }
const VARIABLE_PREFIXES = /^(?:environment\.variables\.|execution\.variables\.|variables\.)/

/** The expression's text without its wrapper: `${…}`, `#{…}`, FEEL's leading `=`. */
function unwrap(body: string): string {
  const t = body.trim()
  const m = /^[$#]\{([\s\S]*)\}$/.exec(t)
  if (m) return m[1]!.trim()
  return t.startsWith('=') ? t.slice(1).trim() : t
}

type Operand = { kind: 'variable'; name: string } | { kind: 'value'; value: string | number }
type Comparison = { variable: string; operator: Condition['operator']; value: string | number }

class Reader {
  private i = 0
  constructor(private readonly tokens: Token[]) {}
  peek = (): Token | undefined => this.tokens[this.i]
  next = (): Token | undefined => this.tokens[this.i++]
  done = () => this.i >= this.tokens.length
  isOp(text: string): boolean {
    const t = this.peek()
    return !!t && (t.kind === 'op' || t.kind === 'name') && t.text === text
  }
  take(text: string): boolean {
    if (!this.isOp(text)) return false
    this.i++
    return true
  }
}

function literalOf(t: Token | undefined): string | number | null {
  if (t?.kind === 'string') return t.text
  if (t?.kind === 'number') return t.value
  return null
}

/** A variable (`v`, `variables.v`, `execution.getVariable('v')`) or a literal. */
function operand(r: Reader): Operand | null {
  const t = r.next()
  const value = literalOf(t)
  if (value !== null) return { kind: 'value', value }
  if (t?.kind !== 'name') return null
  if (/^(?:execution|task)\.getVariable$/.test(t.text)) {
    if (!r.take('(')) return null
    const name = r.next()
    if (name?.kind !== 'string' || !r.take(')')) return null
    return { kind: 'variable', name: name.text }
  }
  return { kind: 'variable', name: t.text.replace(VARIABLE_PREFIXES, '') }
}

/** A list of literals: FEEL `("a","b")` or `["a","b"]`, JavaScript `['a','b']`. */
function list(r: Reader): (string | number)[] | null {
  const close = r.take('(') ? ')' : r.take('[') ? ']' : null
  if (!close) return null
  const values: (string | number)[] = []
  do {
    const v = literalOf(r.next())
    if (v === null) return null
    values.push(v)
  } while (r.take(','))
  return r.take(close) ? values : null
}

function comparison(r: Reader): Comparison | null {
  // FEEL: contains(v, "x")
  if (r.isOp('contains')) {
    r.next()
    if (!r.take('(')) return null
    const v = operand(r)
    if (v?.kind !== 'variable' || !r.take(',')) return null
    const x = literalOf(r.next())
    return x !== null && r.take(')') ? { variable: v.name, operator: 'contains', value: String(x) } : null
  }
  const head = r.peek()
  // v.contains('x') / v.includes('x') / v.indexOf('x') >= 0: a name ending in the method.
  if (head?.kind === 'name') {
    const m = /^(.*)\.(contains|includes|indexOf)$/.exec(head.text)
    if (m && !/^(?:execution|task)$/.test(m[1]!)) {
      r.next()
      if (!r.take('(')) return null
      const x = literalOf(r.next())
      if (x === null || !r.take(')')) return null
      const variable = m[1]!.replace(VARIABLE_PREFIXES, '')
      if (m[2] !== 'indexOf') return { variable, operator: 'contains', value: String(x) }
      // indexOf(x) >= 0, > -1, != -1
      const op = r.next()
      const n = literalOf(r.next())
      const holds = op?.kind === 'op' && ((op.text === '>=' && n === 0) || (op.text === '>' && n === -1) || ((op.text === '!=' || op.text === '!==') && n === -1))
      return holds ? { variable, operator: 'contains', value: String(x) } : null
    }
  }
  const left = operand(r)
  if (!left) return null
  // FEEL: v in ("a","b")
  if (left.kind === 'variable' && r.take('in')) {
    const values = list(r)
    return values ? { variable: left.name, operator: 'in', value: values.map(String).join(',') } : null
  }
  const op = r.next()
  const operator = op && (op.kind === 'op' || op.kind === 'name') ? COMPARISON[op.text] : undefined
  if (!operator) return null
  const right = operand(r)
  if (!right) return null
  if (left.kind === 'variable' && right.kind === 'value') return { variable: left.name, operator, value: right.value }
  if (left.kind === 'value' && right.kind === 'variable') return { variable: right.name, operator: MIRROR[operator] ?? operator, value: left.value }
  return null
}

/** Parentheses around the whole expression, `(v > 1)`, change nothing. */
function enclosed(tokens: Token[]): Token[] {
  const isOp = (t: Token | undefined, text: string) => t?.kind === 'op' && t.text === text
  if (!isOp(tokens[0], '(') || !isOp(tokens.at(-1), ')')) return tokens
  let depth = 0
  for (let i = 0; i < tokens.length - 1; i++) {
    if (isOp(tokens[i], '(')) depth++
    if (isOp(tokens[i], ')')) depth--
    if (depth === 0) return tokens
  }
  return enclosed(tokens.slice(1, -1))
}

function isVariable(name: string): name is ProcessVariableCode {
  return (PROCESS_VARIABLE_CODES as readonly string[]).includes(name)
}

export function parseConditionExpression(body: string): ParsedExpression {
  const tokens = tokenize(unwrap(body))
  if (!tokens || tokens.length === 0) return { ok: false, problem: 'syntax' }
  const r = new Reader(enclosed(tokens))
  const parts: Comparison[] = []
  let compound = false
  do {
    const c = comparison(r)
    if (!c) return { ok: false, problem: 'syntax' }
    parts.push(c)
    if (r.isOp('&&') || r.isOp('and')) {
      compound = true
      r.next()
    }
  } while (r.take('||') || r.take('or') || (compound && !r.done()))
  if (!r.done()) return { ok: false, problem: 'syntax' }
  const unknown = parts.find((p) => !isVariable(p.variable))
  if (unknown) return { ok: false, problem: 'variable', variable: unknown.variable }
  if (compound) return { ok: false, problem: 'compound' }
  const first = parts[0]!
  if (parts.length === 1) return { ok: true, condition: first as Condition }
  // v == 'a' || v == 'b': one of a list.
  if (parts.every((p) => p.operator === 'eq' && p.variable === first.variable)) {
    return { ok: true, condition: { variable: first.variable as ProcessVariableCode, operator: 'in', value: parts.map((p) => String(p.value)).join(',') } }
  }
  return { ok: false, problem: 'compound' }
}
