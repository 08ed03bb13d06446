import { describe, expect, it } from 'vitest'
import { makeConsumer, makeTopic } from '../../../test/datahub'
import { layoutRow } from './flowLayout'
import { consumerSummaryOf, mergeTopic, rowFromTopic, withConsumer } from './flowRow'

const consumerBoxes = (row: Parameters<typeof layoutRow>[0]) => layoutRow(row, false).nodes.filter((n) => n.kind === 'consumer').map((n) => n.id)

describe('a consumer saved from a blank slot keeps its box (issue 44 item 2: focus comes back to it)', () => {
  it('keeps the blank slot’s diagram box through the save and a fresh answer from the hub, with the record id as its key', () => {
    const blank = rowFromTopic(makeTopic({ id: 't1', dhConsumers: [] }))
    const [box] = consumerBoxes(blank)
    const saved = makeConsumer({ id: 'c1' })
    const afterSave = withConsumer(blank, blank.consumers[0]!.key, consumerSummaryOf(saved))
    expect(afterSave.consumers.map((c) => c.key)).toEqual(['c1'])
    expect(consumerBoxes(afterSave)).toEqual([box])
    // Saved again from the same editor, and then the topic reloaded: still the same box.
    const again = withConsumer(afterSave, 'c1', consumerSummaryOf(saved))
    const reloaded = mergeTopic(again, makeTopic({ id: 't1', dhConsumers: [saved] }))
    expect(consumerBoxes(reloaded)).toEqual([box])
    expect(layoutRow(reloaded, false).edges.map((e) => e.target)).toContain(box)
  })

  it('draws a consumer loaded from the hub in a box named by its id', () => {
    const row = rowFromTopic(makeTopic({ id: 't1', dhConsumers: [makeConsumer({ id: 'c9' })] }))
    expect(consumerBoxes(row)).toEqual(['consumer:c9'])
  })
})
