import { describe, expect, it } from 'vitest'
import { groupCommit } from './groupCommit'

describe('groupCommit', () => {
  it('commits items that arrive during a commit together, and answers each caller its own result', async () => {
    const batches: number[][] = []
    const commit = groupCommit(async (items: number[]) => {
      batches.push(items)
      await new Promise((r) => setImmediate(r))
      return items.map((n) => n * 10)
    })
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => commit(n)))
    expect(results).toEqual([10, 20, 30, 40, 50])
    // The first is committed at once, the four that came while it ran in one batch.
    expect(batches).toEqual([[1], [2, 3, 4, 5]])
  })

  it('refuses only the item that cannot be committed; the rest of its batch still goes in', async () => {
    const kept: number[] = []
    const commit = groupCommit(async (items: number[]) => {
      await new Promise((r) => setImmediate(r))
      if (items.includes(3)) throw new Error('3 breaks a constraint')
      kept.push(...items)
      return items.map(() => 'ok')
    })
    const settled = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => commit(n)))
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    expect((settled[2] as PromiseRejectedResult).reason).toEqual(new Error('3 breaks a constraint'))
    expect(kept.sort()).toEqual([1, 2, 4, 5])
  })

  it('keeps committing after a failed batch', async () => {
    let fail = true
    const commit = groupCommit(async (items: string[]) => {
      if (fail) throw new Error('store away')
      return items
    })
    await expect(commit('a')).rejects.toThrow('store away')
    fail = false
    await expect(commit('b')).resolves.toBe('b')
  })
})
