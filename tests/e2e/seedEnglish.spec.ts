import { expect, test } from './harness'
import { openFromMenu } from './navigation'
import { signInAsAdmin } from './signIn'

/**
 * The seeded rows have English names: switched to English, the role and parameter lists show
 * them instead of the Chinese seed data (1280×800).
 */
test.use({ viewport: { width: 1280, height: 800 } })


test('in English, the built-in roles and parameters are named in English', async ({ desktop }) => {
  const { page } = desktop
  await signInAsAdmin(desktop)
  await page.getByRole('button', { name: '切换语言' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()

  await openFromMenu(page, ['Platform administration', 'Organisation and people', 'Roles'])
  const roles = page.getByRole('table')
  await expect(roles.getByRole('row').filter({ hasText: 'admin' }).first()).toContainText('System administrator')
  await expect(roles.getByRole('row').filter({ hasText: 'Standard user' })).toHaveCount(1)
  await expect(roles).not.toContainText('系统管理员')
  await expect(roles).not.toContainText('普通用户')

  await openFromMenu(page, ['Platform administration', 'System settings', 'Parameters'])
  const params = page.getByRole('table')
  await expect(params.getByRole('row').filter({ hasText: 'theme.color' })).toContainText('Appearance colour')
  await expect(params.getByRole('row').filter({ hasText: 'lang.locale' })).toContainText('Default language')
  await expect(params).not.toContainText('外观颜色')
  await expect(params).not.toContainText('默认语言')

  // Back in Chinese, the Chinese names.
  await page.getByRole('button', { name: 'Switch language' }).click()
  await page.getByRole('menuitemradio', { name: '中文' }).click()
  await expect(params.getByRole('row').filter({ hasText: 'theme.color' })).toContainText('外观颜色')
})
