import type { Kysely, Transaction } from 'kysely'

/** Methods of a Kysely instance that answer another Kysely instance over the same connection. */
const DERIVING = new Set(['withTables', 'withPlugin', 'withoutPlugins', 'withSchema'])

/**
 * A Kysely handle whose `transaction()` joins the open transaction `tx` instead of opening one
 * (Kysely refuses nested transactions). An approved change is applied by the object's own save
 * handler, which opens its transaction; run through this handle, that save, the approval's last
 * step and the change's end commit together or not at all (a save refused rolls the approval
 * back, and the approver hears why).
 */
export function enlisted<DB>(tx: Transaction<DB>): Kysely<DB> {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'transaction') {
        const builder = {
          execute: <T>(work: (t: Kysely<DB>) => Promise<T>): Promise<T> => work(enlisted(target)),
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
        }
        return () => builder
      }
      if (prop === 'isTransaction') return false
      const value = Reflect.get(target, prop, target) as unknown
      if (typeof value !== 'function') return value
      if (typeof prop === 'string' && DERIVING.has(prop)) return (...args: unknown[]) => enlisted((value as (...a: unknown[]) => Transaction<DB>).apply(target, args))
      return (value as (...a: unknown[]) => unknown).bind(target)
    },
  }) as unknown as Kysely<DB>
}
