import type { Locator } from '@playwright/test'
import { expect, type Desktop } from './harness'

/**
 * A new topic made through the hub, then shown on the topic page as a user sees it: its flow row
 * (an article named 消息主题 name（code）), visible. The flow editors open from its groups.
 */
export async function openNewTopic(desktop: Desktop, code: string, name: string): Promise<Locator> {
  const created = await desktop.handlers['hub.call']({ endpoint: 'datahub.topic.create', input: { code, name, status: '1' } })
  expect(created.ok).toBe(true)
  await desktop.open('/datahub/topic')
  const row = desktop.page.getByRole('article', { name: `消息主题 ${name}（${code}）` })
  await expect(row).toBeVisible({ timeout: 30_000 })
  return row
}
