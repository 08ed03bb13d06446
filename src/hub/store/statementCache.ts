import type Database from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/** Distinct SQL texts kept compiled; Kysely's texts are few (an `in (?, ?)` list varies by length). */
const CACHED_STATEMENTS = 500

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles a statement anew on every
 * prepare: for the hub's small queries that compiling costs about as much as running them.
 * This keeps the compiled statements of recent SQL texts (least recently used out first).
 * Reusing one is safe because Kysely runs statements to completion (all / run) one at a time
 * on its single connection; one still being iterated (a stream) is busy, and then a fresh one
 * is prepared instead. SQLite recompiles a kept statement itself when the schema changes.
 */
export function withStatementCache(db: Database.Database, size = CACHED_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, Database.Statement>()
  return {
    close: () => {
      kept.clear()
      db.close()
    },
    prepare: (sql) => {
      const hit = kept.get(sql)
      if (hit && !hit.busy) {
        // Re-inserted: the Map's order is the recency order.
        kept.delete(sql)
        kept.set(sql, hit)
        return hit
      }
      const statement = db.prepare(sql)
      if (!hit) {
        kept.set(sql, statement)
        if (kept.size > size) kept.delete(kept.keys().next().value!)
      }
      return statement
    },
  }
}
