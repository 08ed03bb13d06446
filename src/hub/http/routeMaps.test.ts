import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEndpoint, endpointsIn } from '../../shared/endpoint'
import { route, type Route } from './context'
import { routesFor } from './routeMaps'

// Two endpoints of one shape: only their literal ids tell them apart.
const common = { method: 'GET', area: 'hub', access: 'public', input: z.object({}), output: z.string() } as const
const area = {
  ping: defineEndpoint({ ...common, id: 't.ping', path: '/t/ping' }),
  pong: defineEndpoint({ ...common, id: 't.pong', path: '/t/pong' }),
  schema: z.string(),
}
const ping = route(area.ping, async () => 'ping')
const pong = route(area.pong, async () => 'pong')
const endpoints = endpointsIn(area)

describe('an area\'s typed route map', () => {
  it('takes the endpoints among a module\'s exports, by name', () => {
    expect(Object.keys(endpoints)).toEqual(['ping', 'pong'])
  })

  it('answers one route per endpoint, in the endpoints\' order', () => {
    expect(routesFor(endpoints, { pong, ping }).map((r) => r.endpoint.id)).toEqual(['t.ping', 't.pong'])
  })

  it('is refused by the compiler with a route missing, one too many, or one for another endpoint', () => {
    // @ts-expect-error pong has no route
    expect(() => routesFor(endpoints, { ping })).toThrow('the route named pong does not serve t.pong')
    // @ts-expect-error extra is not an endpoint of the area
    routesFor(endpoints, { ping, pong, extra: ping })
    // @ts-expect-error the route under ping serves pong
    expect(() => routesFor(endpoints, { ping: pong, pong })).toThrow('the route named ping does not serve t.ping')
  })

  it('refuses at run time a route a cast put under the wrong name', () => {
    const swapped = { ping: pong as unknown as Route<typeof area.ping>, pong }
    expect(() => routesFor(endpoints, swapped)).toThrow('the route named ping does not serve t.ping')
  })
})
