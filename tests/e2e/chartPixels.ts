import type { Locator, Page } from '@playwright/test'

/** What a screenshot of one element holds in colour: the hues (in 30° sectors) of its clearly coloured pixels. */
export interface ColourCensus {
  /** Pixels that are neither near black, nor grey/white (background, text, axes). */
  coloured: number
  /** Sector (0–11) → pixels of that hue, counting only sectors with a visible share. */
  hues: Record<number, number>
}

/**
 * Takes the element's screenshot and counts its coloured pixels by hue. The PNG is decoded by the
 * page's own Chromium (createImageBitmap), so the test needs no image library. A black slice or an
 * empty swatch adds nothing: black and greys have no saturation.
 */
export async function colourCensus(page: Page, element: Locator, minShare = 40): Promise<ColourCensus> {
  const png = (await element.screenshot()).toString('base64')
  return page.evaluate(
    async ([data, min]) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(bitmap, 0, 0)
      const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data
      const sectors = new Array<number>(12).fill(0)
      let coloured = 0
      for (let i = 0; i < px.length; i += 4) {
        const [r, g, b] = [px[i]! / 255, px[i + 1]! / 255, px[i + 2]! / 255]
        const max = Math.max(r, g, b)
        const chroma = max - Math.min(r, g, b)
        if (max < 0.25 || chroma < 0.25) continue
        coloured++
        const h = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4
        sectors[Math.floor(h * 2) % 12]!++
      }
      const hues: Record<number, number> = {}
      sectors.forEach((n, s) => n >= min && (hues[s] = n))
      return { coloured, hues }
    },
    [png, minShare] as const,
  )
}
