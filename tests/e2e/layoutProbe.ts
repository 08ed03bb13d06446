import type { Locator } from '@playwright/test'

/** Where the painted contents of two neighbouring cells of one table row cover each other. */
export interface CellOverlap {
  left: string
  right: string
  /** How many CSS pixels of the left cell's content run into the right one's. */
  pixels: number
}

/**
 * The overlaps a user sees in one table row (header or body): for each cell, the box its text and
 * controls are painted in — clipped by any element that hides overflow, inside the cell as an
 * ellipsis does or around the table as its scroller does — and whether it runs into the next cell's. Comparing the cells' own boxes would
 * not do: in a fixed-layout table the cells never overlap, their overflowing text does. A sticky
 * cell (the actions column) is drawn over the cells that scroll under it: what it covers is hidden,
 * not overlapping, so their boxes end where it begins; but text showing past its far side (in a
 * gap between it and the panel's edge) is an overlap.
 */
export async function rowOverlaps(row: Locator): Promise<CellOverlap[]> {
  return row.evaluate((tr) => {
    type Box = { left: number; right: number }
    const cells = Array.from(tr.children) as HTMLElement[]
    const sticky = cells.filter((c) => getComputedStyle(c).position === 'sticky')
    // Every ancestor that clips: inside the cell (an ellipsis) and around the table (its
    // scroller: a column scrolled out past the panel's edge is not seen, so it overlaps nothing).
    const clipOf = (node: Node): Box => {
      let box: Box = { left: -Infinity, right: Infinity }
      for (let el = node.parentElement; el; el = el.parentElement) {
        const style = getComputedStyle(el)
        if (style.overflowX !== 'visible') {
          const r = el.getBoundingClientRect()
          box = { left: Math.max(box.left, r.left), right: Math.min(box.right, r.right) }
        }
      }
      return box
    }
    const painted = (cell: HTMLElement): Box | null => {
      let out: Box | null = null
      const add = (node: Node, r: DOMRect) => {
        if (r.width === 0 || r.height === 0) return
        const clip = clipOf(node)
        const left = Math.max(r.left, clip.left)
        const right = Math.min(r.right, clip.right)
        if (right <= left) return
        out = out ? { left: Math.min(out.left, left), right: Math.max(out.right, right) } : { left, right }
      }
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.nodeType === Node.TEXT_NODE) {
          if (!n.textContent?.trim()) continue
          const range = document.createRange()
          range.selectNodeContents(n)
          add(n, range.getBoundingClientRect())
        } else if (n instanceof Element && (n.children.length === 0 || n.matches('svg, input, button'))) {
          if (getComputedStyle(n).visibility === 'hidden') continue
          add(n, n.getBoundingClientRect())
        }
      }
      return out
    }
    const found: { left: string; right: string; pixels: number }[] = []
    const boxes = cells.map((cell) => {
      const box: Box | null = painted(cell)
      if (!box || sticky.includes(cell)) return box
      for (const s of sticky) {
        const edge = s.getBoundingClientRect()
        if (box.right > edge.right + 0.5) found.push({ left: cell.innerText.trim().slice(0, 40), right: `past ${s.innerText.trim().slice(0, 20)}`, pixels: Math.round(box.right - edge.right) })
        box.right = Math.min(box.right, edge.left)
      }
      return box.right > box.left ? box : null
    })
    for (let i = 0; i + 1 < cells.length; i++) {
      const a = boxes[i]
      for (let j = i + 1; j < cells.length; j++) {
        const b = boxes[j]
        if (!a || !b) continue
        const pixels = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        // Half a pixel: sub-pixel rounding of neighbouring boxes is not an overlap.
        if (pixels > 0.5) found.push({ left: cells[i]!.innerText.trim().slice(0, 40), right: cells[j]!.innerText.trim().slice(0, 40), pixels: Math.round(pixels) })
      }
    }
    return found
  })
}

/**
 * Whether the element is painted whole: its box inside every ancestor that clips (overflow other
 * than visible, scrolled panels included) and inside the window. A cut label or a button pushed
 * past a panel's edge fails it.
 */
export async function shownWhole(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const inside = (r: { left: number; right: number; top: number; bottom: number }) => box.left >= r.left - 0.5 && box.right <= r.right + 0.5 && box.top >= r.top - 0.5 && box.bottom <= r.bottom + 0.5
    if (!inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) return false
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a)
      if ((style.overflowX !== 'visible' || style.overflowY !== 'visible') && !inside(a.getBoundingClientRect())) return false
    }
    return true
  })
}

/**
 * The texts inside `root` a user sees cut: a text node running past an element inside `root` that
 * clips it (an ellipsis, overflow hidden), and a native select whose chosen option is wider than
 * the room the select gives it (its text node is not laid out, so it is measured). "Last e…" and
 * "20 / pa" fail it.
 */
export async function cutTexts(root: Locator): Promise<string[]> {
  return root.evaluate((top) => {
    const cut: string[] = []
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim()
      if (!text || n.parentElement?.closest('select, option, [hidden]')) continue
      const range = document.createRange()
      range.selectNodeContents(n)
      const r = range.getBoundingClientRect()
      if (r.width === 0) continue
      for (let el = n.parentElement; el; el = el.parentElement) {
        const style = getComputedStyle(el)
        if (style.overflowX !== 'visible') {
          const clip = el.getBoundingClientRect()
          if (r.left < clip.left - 0.5 || r.right > clip.right + 0.5) cut.push(text)
          break
        }
        if (el === top) break
      }
    }
    const canvas = document.createElement('canvas').getContext('2d')!
    for (const select of Array.from(top.querySelectorAll('select'))) {
      const style = getComputedStyle(select)
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const text = select.selectedOptions[0]?.text ?? ''
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (canvas.measureText(text).width > room + 0.5) cut.push(text)
    }
    return cut
  })
}

/** Pairs of the given elements whose boxes cover each other (a select running under the next one). */
export async function boxOverlaps(targets: Locator): Promise<string[]> {
  return targets.evaluateAll((els) => {
    const found: string[] = []
    const boxes = els.map((e) => e.getBoundingClientRect())
    for (let i = 0; i < els.length; i++)
      for (let j = i + 1; j < els.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!]
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
        if (w > 0.5 && h > 0.5) found.push(`${els[i]!.textContent?.trim().slice(0, 30)} × ${els[j]!.textContent?.trim().slice(0, 30)}`)
      }
    return found
  })
}

/**
 * Whether a table wider than its panel can be seen to scroll sideways: when columns are hidden
 * (under the sticky actions or past the edge), a horizontal scrollbar that scrolls them must be in
 * the window — not only at the bottom of a long table, below the fold. Any element around or
 * beside the table that scrolls sideways and whose bottom edge (where its bar is) is on screen counts.
 */
export async function sidewaysScroll(table: Locator): Promise<{ hidden: boolean; barInView: boolean }> {
  return table.evaluate((t) => {
    const scroller = t.parentElement!
    const hidden = scroller.scrollWidth > scroller.clientWidth + 1
    const panel = scroller.parentElement!
    const candidates = [scroller, ...Array.from(panel.querySelectorAll<HTMLElement>('*'))].filter((el) => {
      const s = getComputedStyle(el)
      return (s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1
    })
    const barInView = candidates.some((el) => {
      const r = el.getBoundingClientRect()
      return r.bottom <= window.innerHeight + 0.5 && r.bottom > 0 && r.width > 0
    })
    return { hidden, barInView }
  })
}
