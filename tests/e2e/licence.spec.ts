import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/hub/config'
import { startHub, type RunningHub } from '../../src/hub/server'
import { licenceKit, type LicenceKit } from '../integration/licence/licenceFiles'
import { expect, test as harness, type Desktop } from './harness'
import { openFromMenu } from './navigation'

/**
 * The licence page through every runtime. The harness's hub is replaced, for this file, by one
 * that holds the public key of a key pair made for the run (enforcement stays off, as on the
 * desktop's embedded hub); licence files are issued with the `npm run licence` commands.
 */
const test = harness.extend<object, { kit: LicenceKit; hub: RunningHub }>({
  kit: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const kit = await licenceKit()
      await use(kit)
      await kit.cleanup()
    },
    { scope: 'worker' },
  ],
  hub: [
    async ({ kit }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'dh-e2e-licence-hub-'))
      const config = loadHubConfig(['--port', '0', '--data-dir', dataDir, '--licence-public-key', join(kit.dir, 'keys', 'licence-public.pem')], {})
      const hub = await startHub(config, { log: () => {} })
      await use(hub)
      await hub.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
})

async function signIn(desktop: Desktop) {
  const { page } = desktop
  await desktop.open('/login')
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码', { exact: true }).fill(desktop.adminPassword)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** Drops a file on the page's drop zone, as a user dragging it from the file manager would. */
async function dropFile(desktop: Desktop, name: string, bytes: Buffer) {
  const { page } = desktop
  const dataTransfer = await page.evaluateHandle(
    ([fileName, b64]) => {
      const dt = new DataTransfer()
      dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], fileName))
      return dt
    },
    [name, bytes.toString('base64')] as const,
  )
  await page.getByTestId('licence-drop').dispatchEvent('drop', { dataTransfer })
}

test.describe.configure({ mode: 'serial' })

test.describe('licence page', () => {
  test('shows no licence, then the licence chosen in the native dialog, uploaded through the main process', async ({ desktop, kit }) => {
    const { page } = desktop
    await desktop.open('/license')
    await expect(page.getByTestId('licence-state')).toContainText('未安装证书')
    await expect(page.getByTestId('licence-state')).toContainText('未启用证书校验')
    await expect(page.getByText('登录后可上传证书。')).toBeVisible()

    await signIn(desktop)
    await desktop.open('/license')
    await expect(page.getByText('尚未安装证书。')).toBeVisible()

    // The native dialog is the one piece the harness cannot show: stand in for it with the
    // file a user would pick, and upload it through the real 'licence.upload' path.
    const file = await kit.issue('site.lic', { '--expires': '2098-06-30', '--licensee': 'Example Corp' })
    const upload = desktop.handlers['licence.upload']
    desktop.handlers['licence.choose'] = () => upload({ path: file })
    await page.getByRole('button', { name: '上传证书' }).click()

    await expect(page.getByText('证书上传成功')).toBeVisible()
    // The shown licence (the installed list below names it too).
    const details = page.getByTestId('licence-details')
    await expect(details.getByText('数据交换平台企业版')).toBeVisible()
    await expect(details.getByText('DataHub Enterprise')).toBeVisible()
    await expect(details.getByText('2098-06-30')).toBeVisible()
    await expect(page.getByTestId('licence-state')).toContainText('有效')

    // The hub keeps it: a fresh page shows it as the current licence.
    await desktop.open('/license')
    await expect(details.getByText('2098-06-30')).toBeVisible()
  })

  test('a dropped file: wrong type and expired licences show their messages, a valid one replaces the shown licence', async ({ desktop, kit }) => {
    const { page } = desktop
    await signIn(desktop)
    await desktop.open('/license')
    await expect(page.getByTestId('licence-state')).toBeVisible()

    await dropFile(desktop, 'notes.txt', Buffer.from('hello'))
    await expect(page.getByRole('alert')).toContainText('证书文件格式错误，只能上传 .lic 文件')

    await dropFile(desktop, 'old.lic', await readFile(await kit.issue('old.lic', { '--expires': '2020-01-31' })))
    await expect(page.getByRole('alert')).toContainText('证书已过期')

    await dropFile(desktop, 'std.lic', await readFile(await kit.issue('std.lic', { '--product-code': 'DH-STD', '--name-en': 'DataHub Standard', '--expires': '2097-01-15' })))
    const details = page.getByTestId('licence-details')
    await expect(details.getByText('DataHub Standard')).toBeVisible()
    await expect(details.getByText('2097-01-15')).toBeVisible()
    await expect(details.getByText('DH-STD')).toBeVisible()
  })
})

test.describe('证书管理 in the console', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the menu opens the licence page: installed licences with their state, a detail, the upload', async ({ desktop, kit }) => {
    const { page } = desktop
    await signIn(desktop)
    await openFromMenu(page, ['平台管理', '系统配置', '证书管理'])
    await expect(page).toHaveURL(/\/platform\/licence$/)
    await expect(page.getByRole('heading', { name: '证书信息' })).toBeVisible()
    await expect(page.getByText('模块尚未在此版本中提供', { exact: false })).toHaveCount(0)
    // Still inside the console: the navigation stays beside the page.
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible()

    // Two uploads through the main process, as on the /license page.
    const upload = desktop.handlers['licence.upload']
    const first = await kit.issue('menu-first.lic', { '--expires': '2096-03-31', '--licensee': 'Menu First Corp' })
    desktop.handlers['licence.choose'] = () => upload({ path: first })
    await page.getByRole('button', { name: '上传证书' }).click()
    await expect(page.getByText('证书上传成功')).toBeVisible()
    const second = await kit.issue('menu-second.lic', { '--expires': '2095-11-30', '--licensee': 'Menu Second Ltd' })
    desktop.handlers['licence.choose'] = () => upload({ path: second })
    await page.getByRole('button', { name: '上传证书' }).click()

    const list = page.getByRole('table', { name: '已安装的证书' })
    const newest = list.getByRole('row').filter({ hasText: 'Menu Second Ltd' })
    const older = list.getByRole('row').filter({ hasText: 'Menu First Corp' })
    await expect(newest).toContainText('2095-11-30')
    await expect(newest).toContainText('有效')
    await expect(older).toContainText('2096-03-31')
    await expect(older).toContainText('已被替换')

    // The older one's detail, in the same page.
    await older.getByRole('button', { name: '详情' }).click()
    await expect(page).toHaveURL(/\/platform\/licence\?id=/)
    const details = page.getByTestId('licence-details')
    await expect(details).toContainText('Menu First Corp')
    await expect(details).toContainText('2096-03-31')
  })
})
