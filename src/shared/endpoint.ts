import type { z } from 'zod'

/** The spec's two API prefixes, plus the hub's own (health). */
export const API_BASE = {
  platform: '/api/inner/platform',
  datahub: '/api/inner/datahub',
  hub: '/api',
} as const
export type ApiArea = keyof typeof API_BASE

export type HttpMethod = 'GET' | 'POST'

/**
 * One call of the wire contract, declared once and used by the hub (route + validation), the
 * main-process proxy (which calls it may forward) and the renderer (typed `hub.call`).
 *
 * GET input travels as the query string (schemas coerce numbers), POST input as the JSON body.
 * `{name}` segments in `path` are filled from the input field of the same name.
 */
export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, Id extends string = string> {
  /** Its literal type is kept, so a handler declared for one endpoint cannot stand for another. */
  id: Id
  method: HttpMethod
  area: ApiArea
  path: string
  input: I
  output: O
  /** public: no session needed; session: a valid token; the permission code, when set, too. */
  access: 'public' | 'session'
  permission?: string
  /**
   * What the main process does with the session around this call: 'issues' — take `token`
   * out of the answer into the vault (the renderer never sees it); 'revokes' — drop the stored
   * token after the call, whatever the hub answered; 'revokesOnSuccess' — drop it only when the
   * call succeeded (a password change with a wrong old password keeps the user signed in).
   */
  session?: 'issues' | 'revokes' | 'revokesOnSuccess'
  /** Multipart upload (field `file`) instead of JSON; the main process sends the file. */
  upload?: boolean
  /** Binary download; the main process saves it through the native dialog. */
  download?: boolean
  /**
   * The JSON body carries message data: its numbers are read keeping their digits (a 64-bit id
   * stays 9007199254740993, not the nearest double), see src/hub/runtime/json/exact.ts.
   */
  exactNumbers?: boolean
  /**
   * Further forms under which the hub answers the same call, with the same checks and handler:
   * where the spec lists a call a second time (part 2 §7 lists the API authentication calls
   * under the platform prefix too; part 1 §7 lists the SQL previews as GET). A form leaves out
   * what it keeps of the main one. The console and the proxy use the main form only.
   */
  alsoServed?: readonly Partial<EndpointForm>[]
}

/** One method and prefix under which an endpoint's path is answered. */
export interface EndpointForm {
  method: HttpMethod
  area: ApiArea
}

/** Every form the hub answers an endpoint under, its main form first. */
export const servedForms = (e: Endpoint): EndpointForm[] => [
  { method: e.method, area: e.area },
  ...(e.alsoServed ?? []).map((f) => ({ method: f.method ?? e.method, area: f.area ?? e.area })),
]

export type EndpointInput<E extends Endpoint> = z.input<E['input']>
export type EndpointOutput<E extends Endpoint> = z.output<E['output']>

export function defineEndpoint<I extends z.ZodType, O extends z.ZodType, Id extends string>(e: Endpoint<I, O, Id>): Endpoint<I, O, Id> {
  return e
}

/** Full path with the area prefix, `{name}` segments left in place (route pattern). */
export const routePattern = (e: Endpoint): string => API_BASE[e.area] + e.path

/** Fastify-style pattern of one of the endpoint's forms (the main one by default): `{id}` → `:id`. */
export const fastifyPattern = (e: Endpoint, form: EndpointForm = e): string => (API_BASE[form.area] + e.path).replace(/\{(\w+)\}/g, ':$1')

/**
 * Fill `{name}` segments from the input; returns the concrete path and the input left over
 * (which becomes the query string or the body).
 */
export function resolvePath(e: Endpoint, input: unknown): { path: string; rest: unknown } {
  const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  if (names.length === 0) return { path: routePattern(e), rest: input }
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) }
  let path = routePattern(e)
  for (const n of names) {
    path = path.replace(`{${n}}`, encodeURIComponent(String(rest[n] ?? '')))
    delete rest[n]
  }
  return { path, rest }
}

/** Endpoints by name, as an area of the contract groups them. */
export type EndpointMap = Readonly<Record<string, Endpoint>>

/** The exports of `module` that are endpoints, by export name (schemas and constants left out). */
export type EndpointsIn<M> = { readonly [K in keyof M as M[K] extends Endpoint ? K : never]: M[K] }

const METHODS: readonly unknown[] = ['GET', 'POST'] satisfies HttpMethod[]
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && typeof (v as Endpoint).id === 'string' && METHODS.includes((v as Endpoint).method) && typeof (v as Endpoint).path === 'string'

/**
 * A module's endpoints, derived from its exports: a call declared in the module is in its map
 * without being listed a second time (`import * as session` → `endpointsIn(session)`).
 */
export function endpointsIn<M extends object>(module: M): EndpointsIn<M> {
  return Object.fromEntries(Object.entries(module).filter(([, v]) => isEndpoint(v))) as EndpointsIn<M>
}

/**
 * One map by id out of several areas' maps. A module may re-export another's endpoint (the
 * same object twice is one call); two different endpoints under one id are a contract bug.
 */
export function endpointsById(...maps: EndpointMap[]): Readonly<Record<string, Endpoint>> {
  const byId: Record<string, Endpoint> = {}
  for (const e of maps.flatMap((m) => Object.values(m))) {
    if (Object.hasOwn(byId, e.id) && byId[e.id] !== e) throw new Error(`two endpoints of the contract share the id ${e.id}`)
    byId[e.id] = e
  }
  return byId
}
