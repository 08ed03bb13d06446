import { describe, expect, it } from 'vitest'
import { screenFiles, UPLOAD_DEFAULTS } from './uploadRules'

const MB = 1024 * 1024
const file = (name: string, size: number) => ({ name, size })

describe('upload screening', () => {
  it('defaults to 2000 files of 5 MB', () => {
    expect(UPLOAD_DEFAULTS).toEqual({ limit: 2000, maxSizeMB: 5 })
  })

  it('takes files up to the size limit and leaves out bigger ones', () => {
    const r = screenFiles([file('a', 5 * MB), file('b', 5 * MB + 1)], { existing: 0, limit: 2000, maxSizeMB: 5 })
    expect(r.accepted.map((f) => f.name)).toEqual(['a'])
    expect(r.tooBig.map((f) => f.name)).toEqual(['b'])
    expect(r.overLimit).toBeNull()
  })

  it('takes nothing past the count limit and reports the counts', () => {
    const r = screenFiles([file('a', 1), file('b', 1)], { existing: 2, limit: 3, maxSizeMB: 5 })
    expect(r).toEqual({ accepted: [], tooBig: [], overLimit: { limit: 3, selected: 2, total: 4 } })
    expect(screenFiles([file('a', 1)], { existing: 2, limit: 3, maxSizeMB: 5 }).accepted).toHaveLength(1)
  })
})
