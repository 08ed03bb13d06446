import { describe, expect, it } from 'vitest'
import { createEventBus } from './events'

interface Events {
  ended: { id: string }
}

describe('the event bus', () => {
  it('hands an event to every handler of its name, and to none after it is removed', async () => {
    const bus = createEventBus<Events>()
    const heard: string[] = []
    const off = bus.on('ended', (e) => void heard.push(`a ${e.id}`))
    bus.on('ended', async (e) => {
      await Promise.resolve()
      heard.push(`b ${e.id}`)
    })
    await bus.emit('ended', { id: '1' })
    off()
    await bus.emit('ended', { id: '2' })
    expect(heard).toEqual(['a 1', 'b 1', 'b 2'])
  })

  it('runs a handler that does not wait before emit returns', () => {
    const bus = createEventBus<Events>()
    let count = 0
    bus.on('ended', () => void count++)
    void bus.emit('ended', { id: '1' })
    expect(count).toBe(1)
  })

  it('runs the other handlers when one fails, then rejects with the failure', async () => {
    const bus = createEventBus<Events>()
    const heard: string[] = []
    bus.on('ended', () => {
      throw new Error('broken listener')
    })
    bus.on('ended', (e) => void heard.push(e.id))
    await expect(bus.emit('ended', { id: '1' })).rejects.toThrow('broken listener')
    expect(heard).toEqual(['1'])
  })
})
