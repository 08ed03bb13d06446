/**
 * Smart mapping (part 2 §4): when does a source field name match a target field name?
 *
 * The spec gives three ways: case-insensitive equality, equality after turning underscore names
 * into camel case, and equality after turning camel case into underscore form. Every comparison
 * here ignores case: databases answer column names in upper case (Oracle: USER_NAME) while
 * payloads use camel case (userName), and an administrator would expect those two to pair.
 */

/** 'user_name' → 'userName' (an underscore followed by a letter or digit becomes that character upper-cased). */
export const snakeToCamel = (name: string): string => name.replace(/_+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase())

/** 'userName' → 'user_name', 'HTTPCode' → 'http_code' (a word boundary in camel case becomes an underscore). */
export const camelToSnake = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** Whether two field names match by the spec's three rules (names trimmed, empty never matches). */
export function fieldNamesMatch(a: string, b: string): boolean {
  const x = a.trim()
  const y = b.trim()
  if (x === '' || y === '') return false
  return (
    same(x, y) ||
    same(snakeToCamel(x), y) ||
    same(x, snakeToCamel(y)) ||
    same(camelToSnake(x), y) ||
    same(x, camelToSnake(y))
  )
}

/** The first of `candidates` that matches `name` (auto-select), or undefined. */
export const firstMatch = (name: string, candidates: readonly string[]): string | undefined => candidates.find((c) => fieldNamesMatch(name, c))
