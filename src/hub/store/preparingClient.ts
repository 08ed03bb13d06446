import pg from 'pg'

/** Statements one connection keeps prepared; past this, new texts run unnamed as before. */
const PREPARED_PER_CONNECTION = 200

/**
 * SQLSTATEs after which a kept statement is dropped and prepared again on its next use:
 * "cached plan must not change result type" (a migration changed a table a `select *` reads,
 * on another node) and "prepared statement does not exist" (a pooler between hub and server).
 */
const STALE_STATEMENT = new Set(['0A000', '26000'])

/**
 * A PostgreSQL connection that prepares each SQL text once and then only binds and runs it.
 * Kysely sends every query unnamed, which makes the server parse and plan it on every run:
 * for the runtime's short statements (a push's commit, a claim, a version read) that was a
 * fifth of the server's CPU per message. Kysely's texts are few (values are parameters), so a
 * connection keeps at most PREPARED_PER_CONNECTION of them.
 */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>()
  #serial = 0

  // pg's overloads cannot be restated here: Kysely calls query(text, values) for a promise.
  override query(...args: unknown[]): never {
    const run = super.query.bind(this) as (...a: unknown[]) => never
    const [text, values] = args
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return run(...args)
    let name = this.#names.get(text)
    if (!name) {
      if (this.#names.size >= PREPARED_PER_CONNECTION) return run(...args)
      this.#names.set(text, (name = `dh_${this.#serial++}`))
    }
    return (run({ name, text, values }) as Promise<unknown>).catch((err: unknown) => {
      if (STALE_STATEMENT.has((err as { code?: string }).code ?? '')) this.#names.delete(text)
      throw err
    }) as never
  }
}
