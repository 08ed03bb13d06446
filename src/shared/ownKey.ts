/**
 * A table's entry for a key that came from outside (a form field, a document, a fetched file):
 * only the table's own entries count, so `constructor`, `toString` or `__proto__` is a key like
 * any other (not found) rather than what every object inherits.
 */
export const ownValue = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined => (Object.hasOwn(table, key) ? table[key] : undefined)
