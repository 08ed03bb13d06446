/**
 * The kinds of notice the hub's outbox sends (issue 34): each area that writes a kind of row into
 * the outbox registers how it goes out — how many tries, how long to wait between them, and the
 * sending itself — where the hub is composed (app.ts). The sender (runtime/report/outbox.ts) then
 * looks a row's kind up here instead of knowing every area that writes one.
 *
 * `Hub` and `Row` are what the sender hands each kind (the hub's store and settings, the outbox
 * row): the area that sends declares them, so the kernel names no area's types.
 */
export interface OutboxKind<Hub, Row> {
  kind: string
  /** Tries before a notice of this kind is given up (status failed). */
  tries: number
  /** The wait before try n+1 after n failed tries, for the runtime's retry unit (a second by default). */
  waitMs(attempts: number, unitMs: number): number
  /** Sends one row; a DeliveryError with `permanent` gives it up at once. */
  send(hub: Hub, row: Row, signal: AbortSignal): Promise<void>
}

export interface OutboxKinds<Hub, Row> {
  /** Adds kinds; a kind registered twice is a composition mistake, refused at start. */
  register(...kinds: OutboxKind<Hub, Row>[]): void
  of(kind: string): OutboxKind<Hub, Row> | undefined
}

export function createOutboxKinds<Hub, Row>(): OutboxKinds<Hub, Row> {
  const byKind = new Map<string, OutboxKind<Hub, Row>>()
  return {
    register(...kinds) {
      for (const kind of kinds) {
        if (byKind.has(kind.kind)) throw new Error(`the outbox kind ${kind.kind} is registered twice`)
        byKind.set(kind.kind, kind)
      }
    },
    of: (kind) => byKind.get(kind),
  }
}

/**
 * The two retry rules of the outbox. A system (a callback, a result notification) is tried a few
 * times at a steady pace; a person waiting for a notice (an alarm, an approval mail) gets more
 * tries, doubling the wait, so a mail server that is down for minutes still delivers.
 */
export const systemRetry = { tries: 3, waitMs: (attempts: number, unitMs: number) => 10 * unitMs * attempts }
export const personRetry = { tries: 5, waitMs: (attempts: number, unitMs: number) => Math.min(300, 5 * 2 ** (attempts - 1)) * unitMs }
