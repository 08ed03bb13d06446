import { describe, expect, it } from 'vitest'
import { underPrefix } from './common'
import { externalFormSchema, internalFormSchema, isServiceUrl } from './gateway'
import { clientRouterFormSchema, isMetaJson } from './clientRouter'

const keys = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('gateway and router rules', () => {
  it('reads "starts with" segment by segment', () => {
    expect(underPrefix('/inner/user/**', '/inner/user')).toBe(true)
    expect(underPrefix('/inner/user', '/inner/user/')).toBe(true)
    expect(underPrefix('/inner/username', '/inner/user')).toBe(false)
    expect(underPrefix('/innerx', '/inner')).toBe(false)
  })

  it('accepts http(s) services without credentials only', () => {
    expect(isServiceUrl('http://10.0.0.5:8080/api')).toBe(true)
    expect(isServiceUrl('https://users.example.com')).toBe(true)
    expect(isServiceUrl('ftp://example.com')).toBe(false)
    expect(isServiceUrl('http://user:pw@example.com')).toBe(false)
    expect(isServiceUrl('example.com')).toBe(false)
  })

  it('checks internal and external routes as the console form does', () => {
    const target = 'http://127.0.0.1:9000'
    expect(internalFormSchema.safeParse({ path: '/inner/a/**', prefix: '/inner/a', targetService: target }).success).toBe(true)
    expect(keys(internalFormSchema.safeParse({ path: '/inner/b', prefix: '/inner/a', targetService: target }))).toEqual({ path: 'msg_apps_gateway_path_prefix_rule' })
    expect(keys(internalFormSchema.safeParse({ path: '/inner/a/b', prefix: '/inner/*', targetService: target }))).toEqual({ prefix: 'msg_apps_gateway_prefix_rule', path: 'msg_apps_gateway_path_prefix_rule' })
    expect(keys(externalFormSchema.safeParse({ path: '/api/x', targetService: target }))).toEqual({ path: 'msg_apps_gateway_outer_rule' })
  })

  it("refuses '.' and '..' segments in a route's path and prefix, by their own message", () => {
    const target = 'http://127.0.0.1:9000'
    const dots = 'msg_apps_gateway_dot_segment_rule'
    expect(keys(internalFormSchema.safeParse({ path: '/inner/a/../b/**', prefix: '/inner/a', targetService: target }))).toEqual({ path: dots })
    expect(keys(internalFormSchema.safeParse({ path: '/inner/a/./**', prefix: '/inner/a', targetService: target }))).toEqual({ path: dots })
    expect(keys(internalFormSchema.safeParse({ path: '/inner/x/**', prefix: '/inner/x/..', targetService: target }))).toEqual({ prefix: dots, path: 'msg_apps_gateway_path_prefix_rule' })
    expect(keys(externalFormSchema.safeParse({ path: '/outer/..', targetService: target }))).toEqual({ path: dots })
    // Dots inside a segment are a name like any other.
    expect(internalFormSchema.safeParse({ path: '/inner/a/v1.2/...x/**', prefix: '/inner/a', targetService: target }).success).toBe(true)
  })

  it('takes route metadata as a JSON object, or nothing (the keepAlive false default)', () => {
    expect(isMetaJson('')).toBe(true)
    expect(isMetaJson('{"keepAlive":true}')).toBe(true)
    expect(isMetaJson('[]')).toBe(false)
    expect(isMetaJson('null')).toBe(false)
    expect(keys(clientRouterFormSchema.safeParse({ name: 'Reports', path: '/reports', metaData: '{x' }))).toEqual({ metaData: 'msg_apps_router_meta_rule' })
  })
})
