import type { z } from 'zod'
import type { Endpoint } from '../../shared/endpoint'
import type { ResultCodeValue } from '../../shared/envelope'
import type { Locale } from '../../shared/locale'
import type { ActiveSession } from '../auth/sessions'
import type { HubConfig } from '../config'
import type { JobsRunner } from '../kernel/jobs'
import type { HubMetrics } from '../metrics/instruments'
import type { Store } from '../store'
import type { NotedChange } from '../store/changes'
import type { RuntimeBus } from '../runtime/events'
import type { HubOutboxKinds } from '../runtime/report/outboxKind'
import type { PreserialisedJson } from './preserialised'

/** What every handler may use, shared by all calls of one hub. */
export interface HubContext {
  store: Store
  config: HubConfig
  /** Epoch ms when the hub was built (health reports the uptime). */
  startedAt: number
  log: (line: string) => void
  /** Who may make which call; the registrar asks it, so http never reaches up into licence/ or platform/. */
  access: AccessPolicy
  /** Where the runtime reports what GET /metrics shows; absent (nothing measured) unless HUB_METRICS is on. */
  metrics?: HubMetrics
  /** Which calls go into the audit log and how they are recorded (src/hub/logs/auditTrail.ts). */
  audit: AuditPolicy
  /** The exchange runtime's state as startHub sets it, for GET /api/ready; absent on a hub built without one (tests). */
  runtime?: { runtime: 'running' | 'off' | 'starting' | 'stopping' }
  /**
   * What this hub's areas announce (runtime/events.ts), made with the context and subscribed
   * where the hub is composed (app.ts): whatever announces is handed this bus, so a part built
   * without it does not compile instead of going unheard.
   */
  events: RuntimeBus
  /** How each kind of outbox notice is sent, registered by the area that writes it (app.ts composes them). */
  outbox: HubOutboxKinds
  /** The hub's periodic work (retention, the alarm watch), registered by startHub and started and stopped with it. */
  jobs: JobsRunner
}

/**
 * The checks the registrar makes on a signed-in call beyond the session itself, supplied by the
 * hub's composition (src/hub/access.ts): the licence gate and the caller's permission codes.
 */
export interface AccessPolicy {
  /** Throws a Refusal when this hub may not serve `endpointId` now (no valid licence while enforced). */
  admit(hub: HubContext, endpointId: string): Promise<void>
  /** The permission codes the user holds now (read per call: a role change applies at once). */
  permissionsOf(hub: HubContext, userId: string): Promise<readonly string[]>
}

/**
 * The audit log as the registrar sees it, supplied by the hub's composition like the access
 * policy: the registrar asks whether a call is audited, opens a change log around its handler
 * (store/changes.ts) and hands over the outcome.
 */
export interface AuditPolicy {
  covers(endpoint: Endpoint): boolean
  /** Records one audited call; never throws (a failure to record is logged). */
  record(hub: HubContext, call: AuditedCall): Promise<void>
}

/** What the registrar knows of an audited call when it has been answered. */
export interface AuditedCall {
  endpoint: Endpoint
  /** The session the call carried, once it was checked (null: none, or refused before). */
  session: ActiveSession | null
  /** The input as received. */
  raw: unknown
  /** The answer's data on success. */
  data?: unknown
  /** The result code the caller got ('2000' on success). */
  code: string
  /** Fastify's request.ip. */
  ip: string
  headers: Readonly<Record<string, string | string[] | undefined>>
  changes: readonly NotedChange[]
}

/** One call: the hub, the caller's language and, on session endpoints, the session. */
export interface CallContext {
  hub: HubContext
  locale: Locale
  /** Set on every 'session' endpoint (the registrar refuses the call otherwise); null on public ones. */
  session: ActiveSession | null
  /**
   * The input as received, before the schema filled in defaults: the one way to tell a field
   * the caller left out from one it set to the default value (partial updates need that).
   */
  raw: unknown
  /**
   * The request's headers, for endpoints that authenticate otherwise than by session (the
   * producer ingress checks the producer's API authentication). Optional: calls made in code have none.
   */
  headers?: Readonly<Record<string, string | string[] | undefined>>
  /** The client's IP address (Fastify's request.ip); sign-in counts failures per address. */
  address?: string
}

/**
 * A handler receives the parsed input and returns what the output schema accepts, or (bulk
 * lists) that answer already serialised by the store.
 */
export type Handler<E extends Endpoint> = (input: z.output<E['input']>, call: CallContext) => Promise<z.input<E['output']> | PreserialisedJson>

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E
  // Method syntax on purpose: a Route<SpecificEndpoint> then fits the list of all routes.
  handle(input: z.output<E['input']>, call: CallContext): Promise<z.input<E['output']> | PreserialisedJson>
  /** Answer for input that fails the schema, instead of '4001' with the field list. */
  invalidInput?: { code: ResultCodeValue; messageKey: string }
  /** Message of a successful answer; msg_success by default. */
  successMessage?: string
  /**
   * Upload endpoints: the largest file accepted (bytes, inclusive) and the message of a bigger
   * one ('4130'); the spec's generic 5 MB and msg_request_too_large when not set. The message
   * gets the limit in MB as {{n}}; `tooLargeKeyOf` picks it by the file's name where that
   * matters (an image's message is not a document's, issue 43), and `maxBytesOf` a smaller
   * limit by the name (an attachment's 5 MB beside an image's 50 MB; `maxBytes` is the largest).
   */
  upload?: { maxBytes: number; tooLargeKey: string; tooLargeKeyOf?: (fileName: string) => string; maxBytesOf?: (fileName: string) => number }
}

export const route = <E extends Endpoint>(endpoint: E, handle: Handler<E>, options: Omit<Route<E>, 'endpoint' | 'handle'> = {}): Route<E> => ({
  endpoint,
  handle,
  ...options,
})
