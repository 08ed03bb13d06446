/**
 * The hub's readiness for load balancers and service managers (issue 38): beside `/api/health`
 * (alive, public, in the contract), `GET HUB_READINESS.path` says whether this node should be
 * given traffic: its store answers, its schema is the one this version expects, and its
 * exchange runtime is running (or switched off on a receiving-only node, HUB_WORKER=0). Not a
 * call of the console: a balancer reads the HTTP status — 200 ready, 503 not (starting, closing,
 * store down, schema of another version) — and the body, the house's envelope, says why.
 */
export const HUB_READINESS = { path: '/api/ready' } as const

export interface Readiness {
  ready: boolean
  /** 'ok', or why the store did not answer. */
  store: string
  /** The newest migration the store has and the one this version expects. */
  schema: { store: string | null; expected: string }
  /** 'running', 'off' (HUB_WORKER=0), 'starting' or 'stopping'. */
  runtime: 'running' | 'off' | 'starting' | 'stopping'
}
