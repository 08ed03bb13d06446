import { accessibleTheme } from '../../src/renderer/theme/accessibleBrand'
import { expect, test, type Desktop } from './harness'
import { openFromMenu } from './navigation'
import { signInAsAdmin } from './signIn'

/**
 * 皮肤管理 as a user walks it, at 1280×800: a colour and dark mode picked and previewed, applied
 * to the console at once, and still there after signing out and in again (the preference is
 * kept on the hub, not only on this machine).
 */
test.use({ viewport: { width: 1280, height: 800 } })


/** A Fluent token as the console's own provider (the outermost one) resolves it. */
const consoleToken = (desktop: Desktop, token: string) =>
  desktop.page.evaluate((name) => getComputedStyle(document.querySelector('.fui-FluentProvider')!).getPropertyValue(name).trim().toLowerCase(), `--${token}`)

// Fluent's dark theme paints the page with this grey; brand surfaces use the shade picked for contrast.
const DARK_PAGE = '#292929'
const PICKED = '#13A10E'

test('a colour and dark mode picked on 皮肤管理 apply at once and survive signing out and in', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await openFromMenu(page, ['平台管理', '系统配置', '皮肤管理'])
  await expect(page).toHaveURL(/\/platform\/skin$/)
  await expect(page.getByRole('heading', { name: '皮肤管理' })).toBeVisible()

  const darkBrand = accessibleTheme(PICKED, true).colorBrandBackground.toLowerCase()
  expect(await consoleToken(desktop, 'colorBrandBackground')).not.toBe(darkBrand)

  // The preview follows the choice before anything is saved.
  await page.getByRole('radio', { name: PICKED }).click()
  await page.getByRole('radio', { name: '深色' }).check()
  const preview = page.getByRole('region', { name: '预览' })
  await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).getPropertyValue('--colorBrandBackground').trim().toLowerCase())).toBe(darkBrand)
  expect(await consoleToken(desktop, 'colorNeutralBackground1')).not.toBe(DARK_PAGE)

  await page.getByRole('button', { name: '应用到我的账户' }).click()
  await expect(page.getByText('皮肤已应用')).toBeVisible()
  await expect.poll(() => consoleToken(desktop, 'colorBrandBackground')).toBe(darkBrand)
  expect(await consoleToken(desktop, 'colorNeutralBackground1')).toBe(DARK_PAGE)

  await page.getByRole('button', { name: '用户菜单' }).click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible()
  // A new machine's settings: only the hub can remember the skin.
  await desktop.handlers['settings.update']({ theme: 'system' })
  await signInAsAdmin(desktop)
  await expect.poll(() => consoleToken(desktop, 'colorBrandBackground')).toBe(darkBrand)
  expect(await consoleToken(desktop, 'colorNeutralBackground1')).toBe(DARK_PAGE)

  // Back to the platform's look, so the hub this worker shares is as it was.
  await openFromMenu(page, ['平台管理', '系统配置', '皮肤管理'])
  await page.getByRole('button', { name: '恢复平台默认' }).click()
  await expect(page.getByText('已恢复为平台默认皮肤')).toBeVisible()
  await expect.poll(() => consoleToken(desktop, 'colorNeutralBackground1')).not.toBe(DARK_PAGE)
})
