import type { Page } from '@playwright/test'

/**
 * Opens a page from the main navigation as a user does: each group on the way is expanded
 * (clicked) unless it already is, then the page's item is clicked.
 */
export async function openFromMenu(page: Page, path: string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: /主导航|Main navigation/ })
  for (let i = 0; i < path.length; i++) {
    const item = nav.getByRole('treeitem', { name: path[i], exact: true })
    const next = path[i + 1]
    // A group already open shows its children: clicking it again would close it.
    if (next && (await nav.getByRole('treeitem', { name: next, exact: true }).isVisible())) continue
    await item.click()
  }
}
