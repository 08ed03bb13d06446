/** A unique index refused the write: two saves raced past the check before it (PostgreSQL or SQLite). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** Runs a write and turns a unique index's refusal into the caller's (its "already exists"). */
export async function refuseDuplicate<T>(work: () => Promise<T>, duplicate: () => Error): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate()
    throw err
  }
}
