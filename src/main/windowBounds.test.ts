import { describe, expect, it } from 'vitest'
import { fitToDisplays } from './windowBounds'

const laptop = { x: 0, y: 0, width: 1920, height: 1040 }
const external = { x: 1920, y: 0, width: 2560, height: 1400 }

describe('remembered window position', () => {
  it('reopens where it was when that place is on a display', () => {
    const b = { x: 2000, y: 100, width: 1280, height: 800, maximized: false }
    expect(fitToDisplays(b, [laptop, external])).toEqual(b)
  })

  it('keeps only the size when the display it was on is gone', () => {
    const b = { x: 2000, y: 100, width: 1280, height: 800, maximized: true }
    expect(fitToDisplays(b, [laptop])).toEqual({ width: 1280, height: 800, maximized: true })
  })

  it('treats a window with only a sliver on screen as lost', () => {
    expect(fitToDisplays({ x: 1900, y: 0, width: 1280, height: 800, maximized: false }, [laptop])).toEqual({ width: 1280, height: 800, maximized: false })
  })

  it('has nothing to fit on first start', () => {
    expect(fitToDisplays(null, [laptop])).toBeNull()
  })
})
