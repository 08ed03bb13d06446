import type { Locator } from '@playwright/test'
import { expect, test } from './harness'
import { signInAsAdmin } from './signIn'

/**
 * The process designer's canvas at the window size a new Electron window opens at (a sibling of
 * issue 33 item 12, layout at 1280×800): a new process's Start and End nodes are both drawn whole
 * inside the canvas, not cut at its right edge.
 */
test.use({ viewport: { width: 1280, height: 800 } })

/** Whether `inner`'s box lies wholly inside `outer`'s. */
async function inside(inner: Locator, outer: Locator): Promise<{ whole: boolean; inner: unknown; outer: unknown }> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()]
  if (!a || !b) return { whole: false, inner: a, outer: b }
  const whole = a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
  return { whole, inner: a, outer: b }
}

test('a new process shows its Start and End nodes whole inside the designer canvas', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await desktop.open('/workflow/process')
  await page.getByRole('button', { name: '新增流程' }).click()
  const designer = page.getByRole('dialog', { name: '新增流程' })
  const canvas = designer.getByTestId('process-canvas')
  await expect(canvas).toBeVisible()
  for (const id of ['start', 'end']) {
    const node = canvas.locator(`.react-flow__node[data-id="${id}"]`)
    await expect(node).toBeVisible()
    // The viewport is fitted once the nodes are measured: poll until it settles.
    await expect.poll(() => inside(node, canvas), { message: id }).toMatchObject({ whole: true })
  }
})
