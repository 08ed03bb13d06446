import type { WindowBounds } from './settings'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** Smallest window the console lays out in (the window's minimum size, security/windowOptions.ts). */
export const MIN_SIZE = { width: 960, height: 600 }
/** How long moving or resizing must pause before the bounds are written (one write per gesture). */
export const SAVE_DELAY_MS = 500

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi))

/**
 * Where the window opens: the remembered bounds moved and shrunk so the whole window lies on
 * the display it mostly was on (a resolution lowered since, a taskbar moved). When it was on no
 * display that still exists (a monitor unplugged), it opens on the primary one (the first work
 * area), keeping its size where that fits; the OS centres it there. Nothing remembered: null,
 * and the window's defaults apply.
 */
export function restoreBounds(saved: WindowBounds | null, workAreas: readonly Rect[]): WindowBounds | null {
  if (!saved || workAreas.length === 0) return saved
  const hasPosition = saved.x !== undefined && saved.y !== undefined
  const rect: Rect = { x: saved.x ?? 0, y: saved.y ?? 0, width: saved.width, height: saved.height }
  const best = hasPosition ? workAreas.reduce((a, b) => (overlap(rect, b) > overlap(rect, a) ? b : a)) : undefined
  const onDisplay = best !== undefined && overlap(rect, best) > 0
  const area = onDisplay ? best : workAreas[0]!
  const width = clamp(saved.width, Math.min(MIN_SIZE.width, area.width), area.width)
  const height = clamp(saved.height, Math.min(MIN_SIZE.height, area.height), area.height)
  if (!onDisplay) return { width, height, maximized: saved.maximized }
  return {
    x: clamp(rect.x, area.x, area.x + area.width - width),
    y: clamp(rect.y, area.y, area.y + area.height - height),
    width,
    height,
    maximized: saved.maximized,
  }
}

/** The part of a BrowserWindow the tracker reads. */
export interface TrackedWindow {
  getNormalBounds(): Rect
  isMaximized(): boolean
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown
}

export interface WindowStateDeps {
  save: (bounds: WindowBounds) => void
  delayMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

/**
 * Remembers the window's place and size: after each move or resize has settled, and on close.
 * The normal (un-maximised) bounds are kept with the maximised flag, so un-maximising after the
 * next start returns to the size the user chose. Saving during the session, not only on close,
 * keeps the place when the app is killed or the OS shuts down.
 */
export function trackWindowState(win: TrackedWindow, deps: WindowStateDeps): void {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  let pending: unknown = null
  const saveNow = () => {
    if (pending !== null) clearTimer(pending)
    pending = null
    const { x, y, width, height } = win.getNormalBounds()
    try {
      deps.save({ x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height), maximized: win.isMaximized() })
    } catch {
      // Odd bounds (a zero-sized window on some window managers) are not worth an error.
    }
  }
  const saveSoon = () => {
    if (pending !== null) clearTimer(pending)
    pending = setTimer(saveNow, deps.delayMs ?? SAVE_DELAY_MS)
  }
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, saveSoon)
  win.on('close', saveNow)
}
