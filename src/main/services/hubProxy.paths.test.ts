import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { z } from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { defineEndpoint } from '../../shared/endpoint'
import { createHubProxy } from './hubProxy'

// A stand-in endpoint with a `{id}` segment (the contract has none yet; the spec has
// /license/detail/{id}), added beside the real contract.
vi.mock('../../shared/contract', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/contract')>()
  const licenceDetail = defineEndpoint({
    id: 'test.license.detail',
    method: 'GET',
    area: 'platform',
    path: '/license/detail/{id}',
    access: 'session',
    input: z.object({ id: z.string(), lang: z.string().optional() }),
    output: z.unknown(),
  })
  return { ...real, findEndpoint: (id: string) => (id === licenceDetail.id ? licenceDetail : real.findEndpoint(id)) }
})

describe('path segments', () => {
  it('fills {id} from the input, encoded, and sends the rest as the query', async () => {
    const seen: InternalAxiosRequestConfig[] = []
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config)
      return { data: { code: '2000', message: 'ok', data: null }, status: 200, statusText: '', headers: new AxiosHeaders(), config }
    }
    const proxy = createHubProxy({
      baseUrl: () => 'http://127.0.0.1:1',
      profileId: () => 'embedded',
      locale: () => 'zh-CN',
      vault: { mode: 'memory', get: async () => null, set: async () => {}, clear: async () => {} },
      emit: () => {},
      adapter,
      now: () => 5,
    })
    await proxy.call('test.license.detail', { id: 'a/../b 1', lang: 'en' })
    expect(seen[0]?.url).toBe('/api/inner/platform/license/detail/a%2F..%2Fb%201')
    expect(seen[0]?.params).toEqual({ lang: 'en', t: 5 })
  })
})
