import { describe, expect, it } from 'vitest'
import type { WindowBounds } from './settings'
import { restoreBounds, trackWindowState, type Rect, type TrackedWindow } from './windowState'

const laptop = { x: 0, y: 0, width: 1920, height: 1040 }
const external = { x: 1920, y: 0, width: 2560, height: 1400 }
const bounds = (x: number | undefined, y: number | undefined, width = 1280, height = 800, maximized = false): WindowBounds => ({
  ...(x === undefined ? {} : { x }),
  ...(y === undefined ? {} : { y }),
  width,
  height,
  maximized,
})

describe('window place on start', () => {
  it('reopens exactly where it was when that place is still on a display', () => {
    expect(restoreBounds(bounds(2000, 100), [laptop, external])).toEqual(bounds(2000, 100))
    expect(restoreBounds(bounds(10, 20, 1400, 900, true), [laptop])).toEqual(bounds(10, 20, 1400, 900, true))
  })

  it('pulls a window hanging off the edge fully back onto its display', () => {
    expect(restoreBounds(bounds(1500, 600), [laptop])).toEqual(bounds(640, 240))
    expect(restoreBounds(bounds(-300, -50), [laptop])).toEqual(bounds(0, 0))
  })

  it('picks the display holding most of the window', () => {
    // 1800..3080: 120 px on the laptop, 1160 px on the external display.
    expect(restoreBounds(bounds(1800, 100), [laptop, external])).toEqual(bounds(1920, 100))
  })

  it('shrinks a window larger than its display (resolution lowered since)', () => {
    expect(restoreBounds(bounds(0, 0, 2500, 1400), [laptop])).toEqual(bounds(0, 0, 1920, 1040))
  })

  it('opens on the primary display, keeping its size, when its display is gone', () => {
    expect(restoreBounds(bounds(2000, 100, 1280, 800, true), [laptop])).toEqual(bounds(undefined, undefined, 1280, 800, true))
    expect(restoreBounds(bounds(5000, 3000, 2500, 1400), [laptop])).toEqual(bounds(undefined, undefined, 1920, 1040))
  })

  it('has nothing to restore on first start, and leaves bounds alone when no display is known', () => {
    expect(restoreBounds(null, [laptop])).toBeNull()
    expect(restoreBounds(bounds(5, 5), [])).toEqual(bounds(5, 5))
  })
})

/** Mock of a BrowserWindow (no Electron binary here): fires its events on demand, with manual timers. */
function mockWindow(initial: Rect, save?: (b: WindowBounds) => void) {
  const listeners = new Map<string, (() => void)[]>()
  const state = { rect: initial, maximized: false }
  const win: TrackedWindow = {
    getNormalBounds: () => state.rect,
    isMaximized: () => state.maximized,
    on: (e, l) => listeners.set(e, [...(listeners.get(e) ?? []), l]),
  }
  const timers = new Map<number, () => void>()
  let next = 0
  const saved: WindowBounds[] = []
  trackWindowState(win, {
    save: save ?? ((b) => saved.push(b)),
    setTimer: (fn) => (timers.set(++next, fn), next),
    clearTimer: (h) => timers.delete(h as number),
  })
  return {
    state,
    saved,
    fire: (e: string) => listeners.get(e)?.forEach((l) => l()),
    flushTimers: () => [...timers.entries()].forEach(([k, fn]) => (timers.delete(k), fn())),
    pendingTimers: () => timers.size,
  }
}

describe('window place remembered', () => {
  it('writes once after a drag settles, not on every move event', () => {
    const w = mockWindow({ x: 0, y: 0, width: 1280, height: 800 })
    w.state.rect = { x: 10, y: 10, width: 1280, height: 800 }
    w.fire('move')
    w.state.rect = { x: 40.4, y: 60.6, width: 1280, height: 800 }
    w.fire('move')
    expect(w.saved).toEqual([])
    expect(w.pendingTimers()).toBe(1)
    w.flushTimers()
    expect(w.saved).toEqual([bounds(40, 61)])
  })

  it('keeps the normal size with the maximised flag, and saves on close at once', () => {
    const w = mockWindow({ x: 100, y: 100, width: 1300, height: 850 })
    w.state.maximized = true
    w.fire('maximize')
    w.fire('close')
    expect(w.saved).toEqual([bounds(100, 100, 1300, 850, true)])
    expect(w.pendingTimers()).toBe(0)
  })

  it('does not fail the close when the window manager reports odd bounds', () => {
    // settings.setWindowBounds refuses a 0×0 window (its schema); closing must still go on.
    const w = mockWindow({ x: 0, y: 0, width: 0, height: 0 }, () => {
      throw new Error('width too small')
    })
    expect(() => w.fire('close')).not.toThrow()
  })
})
