import type { PromotionPlan } from '../../shared/contract/promotion/endpoints'

/**
 * A plan as a plain-text table (the command's default output; `--format json` prints the plan
 * exactly as the hub's plan endpoint answers it). One row an object: action, kind, code, and the
 * fields that change or the rules it breaks; then the placeholders and a summary line.
 */
export function planText(plan: PromotionPlan): string {
  const rows: string[][] = [['ACTION', 'KIND', 'CODE', 'DETAIL']]
  for (const item of plan.items) {
    const changed = item.action === 'change' ? item.fields.filter((f) => f.changed).map((f) => f.field).join(', ') : ''
    const detail = item.problems.length > 0 ? `PROBLEM: ${item.problems.map((p) => `${p.message} (${p.code})`).join('; ')}` : changed
    rows.push([item.action, item.kind, item.code, detail])
  }
  const lines = table(rows)
  if (plan.placeholders.length > 0) {
    lines.push('', ...table([['PLACEHOLDER', 'REQUIRED', 'PROVIDED'], ...plan.placeholders.map((p) => [p.name, p.required ? 'yes' : 'no', p.provided ? 'yes' : 'no'])]))
  }
  const s = plan.summary
  lines.push('', `${s.create} to create, ${s.change} to change, ${s.unchanged} unchanged, ${s.problems} problem(s)`)
  return `${lines.join('\n')}\n`
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)))
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length))).join('  ').trimEnd())
}
