import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ensureApplication } from './applications'
import { expect, test, type Desktop } from './harness'
import { signInAsAdmin } from './signIn'

/**
 * Issue 44: axe-core (WCAG 2 A/AA and 2.1 AA rules) on the console's main pages and dialogs, in
 * both locales and both themes, at the audit's 1280×800. Serious and critical findings fail the
 * test; all of them are listed at once, so one run shows everything left to fix.
 *
 * One sign-in per locale and theme, then the pages are opened by address: a few seconds each.
 */
test.use({ viewport: { width: 1280, height: 800 } })

// The audit's rule set (issue 44): WCAG 2.0 A and AA, and 2.1 AA.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa']
/**
 * Fluent's focus manager (tabster) puts `<i tabindex="0" aria-hidden="true" data-tabster-dummy>`
 * sentinels around its groups to steer Tab; axe counts them under aria-hidden-focus. They are
 * left out of the audit.
 *
 * Issue 44 item 10, what was checked (December 2026, Fluent 9.74 / @fluentui/react-tabster
 * 9.26 / tabster 8.8, not upgraded): no release removes them and no setting turns them off for
 * the components that use them. tabster's `rootDummyInputs` / `controlTab: false` only drop the
 * root's pair; movers, grouppers and modalizers (TabList, Toolbar, Dialog, Menu) keep theirs,
 * and FluentProvider exposes no tabster options. Maintainers call it intended: the sentinel only
 * forwards focus the instant it lands and is hidden so screen readers do not announce it
 * (microsoft/tabster#288; microsoft/fluentui#25133 and #27517, closed by design). Microsoft's own
 * checker suppresses exactly this case (accessibility-insights-web#7605, -service#2771). So the
 * suppression here is limited to `[data-tabster-dummy]`: any other aria-hidden focusable fails.
 */
const TABSTER_DUMMIES = '[data-tabster-dummy]'

interface Finding {
  where: string
  rule: string
  impact: string
  targets: string[]
}

/** The serious and critical violations axe finds on the page as it is now. */
async function audit(page: Page, where: string, findings: Finding[]): Promise<void> {
  const started = Date.now()
  const result = await new AxeBuilder({ page }).withTags(TAGS).exclude(TABSTER_DUMMIES).analyze()
  if (process.env.A11Y_TIMES) console.log(where, Date.now() - started, 'ms')
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue
    findings.push({ where, rule: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })
  }
}

const hubOk = async (desktop: Desktop, endpoint: string, input: unknown): Promise<void> => {
  const r = await desktop.handlers['hub.call']({ endpoint, input })
  expect(r.ok || r.code === '4090', JSON.stringify(r)).toBe(true)
}

/** A topic with a serverApi producer and consumer: its flow row, both editors and the mapping tab. */
async function setUpTopic(desktop: Desktop, code: string): Promise<void> {
  await ensureApplication(desktop, 'crm')
  await hubOk(desktop, 'datahub.topic.create', { code, name: 'E2E 无障碍主题', status: '1' })
  await hubOk(desktop, 'datahub.producer.create', { topicCode: code, appCode: 'crm', productionMode: 'serverApi', apiRequestInfoModel: { apiAddr: '/producer/serverApi' } })
  await hubOk(desktop, 'datahub.consumer.create', { topicCode: code, applicationCode: 'crm', applicationName: 'crm', dataConsumeType: 'serverApi' })
}

const LABELS = {
  'zh-CN': { signIn: '登录', topic: '消息主题', producer: '生产者 crm', consumer: '消费者 crm', edit: /^编辑/, back: '返回', mapping: '字段映射', topicRow: (c: string) => `消息主题 E2E 无障碍主题（${c}）` },
  en: { signIn: 'Sign in', topic: 'Topic', producer: 'Producer crm', consumer: 'Consumer crm', edit: /^Edit/, back: 'Back', mapping: 'Mapping', topicRow: (c: string) => `Topic E2E 无障碍主题 (${c})` },
} as const
const labelsOf = (locale: keyof typeof LABELS) => LABELS[locale]

/** The pages a signed-in administrator meets, audited in one locale and one theme. */
async function auditSignedIn(desktop: Desktop, scheme: 'light' | 'dark', locale: 'zh-CN' | 'en', findings: Finding[]): Promise<void> {
  const { page } = desktop
  const l = LABELS[locale]
  const at = (what: string) => `${scheme} ${locale} ${what}`
  const code = `e2e_a11y_${Date.now().toString(36)}`
  await setUpTopic(desktop, code)
  await desktop.handlers['settings.update']({ locale, localeChosen: true })
  await desktop.open('/')
  await expect(page.getByRole('navigation').first()).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? /^en/ : /^zh/)
  await audit(page, at('home'), findings)

  await desktop.open('/datahub/topic')
  const row = page.getByRole('article', { name: l.topicRow(code) })
  await expect(row).toBeVisible({ timeout: 30_000 })
  await row.scrollIntoViewIfNeeded()
  await audit(page, at('topic list and flow'), findings)

  await row.getByRole('group', { name: l.producer, exact: true }).getByRole('button', { name: l.edit }).first().click()
  let dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: l.back, exact: true })).toBeVisible()
  await audit(page, at('producer dialog'), findings)
  await dialog.getByRole('button', { name: l.back, exact: true }).click()
  await expect(dialog).toHaveCount(0)

  await row.getByRole('group', { name: l.consumer, exact: true }).getByRole('button', { name: l.edit }).first().click()
  dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: l.back, exact: true })).toBeVisible()
  await audit(page, at('consumer dialog'), findings)
  await dialog.getByRole('tab', { name: l.mapping }).click()
  await expect(dialog.getByRole('table')).toBeVisible()
  await audit(page, at('mapping editor'), findings)
  await dialog.getByRole('button', { name: l.back, exact: true }).click()
  await expect(dialog).toHaveCount(0)

  for (const [what, path] of [
    ['users', '/platform/user'],
    ['data sources', '/datahub/datasource'],
    ['alarm records', '/alert/record'],
  ] as const) {
    await desktop.open(path)
    await expect(page.getByRole('table').first()).toBeVisible({ timeout: 15_000 })
    await audit(page, at(what), findings)
  }
}

test.afterEach(async ({ desktop }) => {
  // The worker's hub and settings are shared with the next spec: back to the defaults.
  await desktop.handlers['settings.update']({ locale: 'zh-CN', localeChosen: false, theme: 'system' })
})

for (const scheme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en'] as const) {
    test(`${scheme}, ${locale}: login, home, topics and their flow, producer and consumer editors, mapping, users, data sources, alarms`, async ({ desktop }) => {
      test.setTimeout(240_000)
      const { page } = desktop
      const findings: Finding[] = []
      await desktop.handlers['settings.update']({ theme: 'system', locale, localeChosen: true })
      await page.emulateMedia({ colorScheme: scheme })
      await desktop.open('/login')
      await expect(page.getByRole('button', { name: labelsOf(locale).signIn, exact: true })).toBeVisible()
      await audit(page, `${scheme} ${locale} login`, findings)
      // Signed in in Chinese (the sign-in helper's labels), then the locale under test.
      await desktop.handlers['settings.update']({ locale: 'zh-CN' })
      await signInAsAdmin(desktop)
      await auditSignedIn(desktop, scheme, locale, findings)
      expect(findings).toEqual([])
    })
  }
}
