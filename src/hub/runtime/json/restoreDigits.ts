import { holdsExact, isExactNumber, numbersSurviveNative, parseExact, type LosslessNumber } from './exact'

/**
 * A JavaScript processor's result with the digits of the numbers it left alone given back.
 * The script runs in QuickJS, where `data` is read with JSON.parse: a 64-bit id or a long amount
 * is a double there, and the result's JSON carries that double (`9007199254740992`). A number of
 * the result whose double equals the double of a kept number of the input is that input number,
 * unchanged by the script: it gets the input's text back — first the number at the same place
 * (`data.id` left where it was), else the one input number with that double (a field copied or
 * renamed). A number the script computed anew keeps its double; so does one whose double two
 * inputs of different text share (`12.50`, `12.500`), which cannot be told apart.
 */
export function restoreDigits(result: unknown, inputText: string): unknown {
  if (numbersSurviveNative(inputText)) return result
  let input: unknown
  try {
    input = parseExact(inputText)
  } catch {
    return result
  }
  if (!holdsExact(input)) return result
  const byDouble = new Map<number, LosslessNumber | null>()
  collect(input, byDouble)
  return walk(result, input, byDouble)
}

function collect(value: unknown, byDouble: Map<number, LosslessNumber | null>): void {
  if (value === null || typeof value !== 'object') return
  if (isExactNumber(value)) {
    const double = Number(value.value)
    const seen = byDouble.get(double)
    if (seen === undefined) byDouble.set(double, value)
    else if (seen !== null && seen.value !== value.value) byDouble.set(double, null)
    return
  }
  for (const inner of Array.isArray(value) ? value : Object.values(value)) collect(inner, byDouble)
}

/** The result, walked beside the input at the same place; changed in place (it is the script's fresh copy). */
function walk(result: unknown, input: unknown, byDouble: Map<number, LosslessNumber | null>): unknown {
  if (typeof result === 'number') {
    if (isExactNumber(input) && Number(input.value) === result) return input
    return byDouble.get(result) ?? result
  }
  if (result === null || typeof result !== 'object') return result
  const here = input !== null && typeof input === 'object' && !isExactNumber(input) ? (input as Record<string, unknown>) : undefined
  if (Array.isArray(result)) {
    const list = Array.isArray(here) ? (here as unknown[]) : undefined
    for (let i = 0; i < result.length; i++) result[i] = walk(result[i], list?.[i], byDouble)
    return result
  }
  const record = result as Record<string, unknown>
  for (const key of Object.keys(record)) record[key] = walk(record[key], here && !Array.isArray(here) && Object.hasOwn(here, key) ? here[key] : undefined, byDouble)
  return result
}
