import type { WindowBounds } from './services/settings'

interface Area {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The remembered bounds, unless they would put the window where no display is (a monitor
 * unplugged since): then only the size is kept and the OS centres the window.
 */
export function fitToDisplays(bounds: WindowBounds | null, workAreas: Area[]): WindowBounds | null {
  if (!bounds || bounds.x === undefined || bounds.y === undefined) return bounds
  const { x, y } = bounds
  // Visible enough to grab: at least 100×50 px of the window lies on some display.
  const visible = workAreas.some(
    (a) => Math.min(x + bounds.width, a.x + a.width) - Math.max(x, a.x) >= 100 && Math.min(y + bounds.height, a.y + a.height) - Math.max(y, a.y) >= 50,
  )
  if (visible) return bounds
  const { x: _x, y: _y, ...size } = bounds
  return size
}
