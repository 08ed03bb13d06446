import { test, expect } from './harness'
import { signInAsAdmin } from './signIn'

/**
 * A page's chunk that does not load (spec part 1 §2): the console says so with the spec's code
 * and a reload, instead of a blank window; the reload brings the page once the chunk is there.
 */
test('a page whose script chunk fails to load shows ChunkLoadError with a reload that recovers', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  let blocked = true
  await page.route(/\/assets\/LicensePage-[^/]+\.js$/, (route) => (blocked ? route.abort('connectionreset') : route.continue()))
  await desktop.open('/license')
  const alert = page.getByRole('alert').filter({ hasText: '页面文件未能加载' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('ChunkLoadError')
  blocked = false
  await alert.getByRole('button', { name: '重新加载' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '页面文件未能加载' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/license$/)
  await expect(page.getByRole('button', { name: '上传证书' })).toBeVisible()
})
