import { describe, expect, it } from 'vitest'
import { dragged, freeSpot, settle } from './layoutGrid'

const at = (widgetId: string, x: number, y: number, w: number, h: number) => ({ widgetId, x, y, w, h })

describe('dashboard grid', () => {
  it('snaps a drag to the grid and keeps the widget inside its 12 columns', () => {
    expect(dragged(at('a', 0, 0, 4, 3), 'move', { x: 10, y: 2 })).toEqual(at('a', 8, 2, 4, 3))
    expect(dragged(at('a', 2, 1, 4, 3), 'move', { x: -5, y: -4 })).toEqual(at('a', 0, 0, 4, 3))
    expect(dragged(at('a', 6, 0, 4, 3), 'resize', { x: 5, y: -9 })).toEqual(at('a', 6, 0, 6, 1))
  })

  it('pushes down what a moved widget would cover, and what that covers in turn', () => {
    const layout = [at('a', 0, 0, 6, 2), at('b', 0, 2, 6, 2), at('c', 6, 0, 6, 2)]
    expect(settle(layout, at('c', 0, 1, 6, 2))).toEqual([at('a', 0, 3, 6, 2), at('b', 0, 5, 6, 2), at('c', 0, 1, 6, 2)])
  })

  it('places a new widget in the first free spot from the top', () => {
    expect(freeSpot([at('a', 0, 0, 6, 2)], 'n', { w: 4, h: 3 })).toEqual(at('n', 6, 0, 4, 3))
    expect(freeSpot([at('a', 0, 0, 12, 2)], 'n', { w: 12, h: 3 })).toEqual(at('n', 0, 2, 12, 3))
  })
})
