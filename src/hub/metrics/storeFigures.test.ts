import { describe, expect, it } from 'vitest'
import { cachedFor } from './storeFigures'

describe('cachedFor', () => {
  it('reads once for every call made while a read runs and for ttl after it ended, then again', async () => {
    let clock = 0
    let reads = 0
    let finish: (n: number) => void = () => {}
    const read = () => new Promise<number>((done) => (reads++, (finish = done)))
    const figures = cachedFor(2000, read, () => clock)
    const first = figures()
    clock = 5000
    // Still running: shared, however late.
    expect(figures()).toBe(first)
    finish(1)
    expect(await first).toBe(1)
    clock = 6999
    expect(await figures()).toBe(1)
    clock = 7000
    const second = figures()
    finish(2)
    expect(await second).toBe(2)
    expect(reads).toBe(2)
  })

  it('keeps a failure for ttl too, so a failing store is not asked at every scrape', async () => {
    let clock = 0
    let reads = 0
    const figures = cachedFor(2000, () => (reads++, Promise.reject(new Error('down'))), () => clock)
    await expect(figures()).rejects.toThrow('down')
    clock = 1999
    await expect(figures()).rejects.toThrow('down')
    expect(reads).toBe(1)
    clock = 4000
    await expect(figures()).rejects.toThrow('down')
    expect(reads).toBe(2)
  })
})
