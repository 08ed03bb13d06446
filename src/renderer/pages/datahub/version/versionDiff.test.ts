import { describe, expect, it } from 'vitest'
import { diffSnapshots, orderPair } from './versionDiff'

describe('version snapshots compared field by field', () => {
  it('marks changed, added and removed fields; nested values compare by content, not key order', () => {
    const older = JSON.stringify({ name: 'Orders', status: '1', routeTableData: [{ syntax: 'JsonPath', expression: '$.a' }], remark: 'x' })
    const newer = JSON.stringify({ name: 'Orders v2', status: '1', routeTableData: [{ expression: '$.a', syntax: 'JsonPath' }], tags: 'a' })
    const diff = diffSnapshots(older, newer)
    expect(diff.filter((d) => d.changed).map((d) => d.field)).toEqual(['name', 'tags', 'remark'])
    expect(diff.find((d) => d.field === 'name')).toMatchObject({ older: 'Orders', newer: 'Orders v2' })
    expect(diff.find((d) => d.field === 'remark')).toMatchObject({ older: 'x', newer: '' })
  })

  it('puts the older record first', () => {
    const a = { version: 3, createdAt: '2024-01-02' } as never
    const b = { version: 1, createdAt: '2024-01-01' } as never
    expect(orderPair(a, b)).toEqual([b, a])
  })

  it('shows text that is not JSON as one field', () => {
    expect(diffSnapshots('plain', 'plain')).toEqual([{ field: 'content', older: 'plain', newer: 'plain', changed: false }])
  })
})
