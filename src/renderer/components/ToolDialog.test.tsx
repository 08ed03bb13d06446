// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { ToolDialog } from './ToolDialog'

afterEach(resetState)

/** Dialog content whatever tabster's modalizer decided: under jsdom it may mark an open modal aria-hidden. */
const H = { hidden: true } as const

/** The element that scrolls the dialog's content: the nearest ancestor whose overflow-y scrolls. */
function scroller(inner: HTMLElement): HTMLElement | null {
  for (let e: HTMLElement | null = inner; e; e = e.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(e).overflowY)) return e
  return null
}

describe('tool dialog', () => {
  it('scrolls only its body: the title and the action bar stay outside it', async () => {
    renderWithProviders(
      <ToolDialog title="工具" onClose={() => {}} confirm={{ label: '保存', onClick: () => {} }}>
        <p>内容</p>
      </ToolDialog>,
    )
    const dialog = await screen.findByRole('dialog', H)
    const body = scroller(within(dialog).getByText('内容'))
    expect(body).not.toBeNull()
    expect(body!.contains(within(dialog).getByRole('heading', { ...H, name: '工具' }))).toBe(false)
    expect(body!.contains(within(dialog).getByRole('button', { ...H, name: '返回' }))).toBe(false)
    expect(body!.contains(within(dialog).getByRole('button', { ...H, name: '保存' }))).toBe(false)
  })

  it('closes by its close button and by Escape; while busy neither button answers', async () => {
    const onClose = vi.fn()
    const onConfirm = vi.fn()
    const user = userEvent.setup()
    const view = renderWithProviders(
      <ToolDialog title="工具" onClose={onClose} closeLabel="关闭" confirm={{ label: '执行', onClick: onConfirm }}>
        <p>内容</p>
      </ToolDialog>,
    )
    const dialog = await screen.findByRole('dialog', H)
    await user.click(within(dialog).getByRole('button', { ...H, name: '执行' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await user.click(within(dialog).getByRole('button', { ...H, name: '关闭' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(2)
    view.unmount()
    renderWithProviders(
      <ToolDialog title="工具" onClose={onClose} closeLabel="关闭" confirm={{ label: '执行', onClick: onConfirm }} busy>
        <p>内容</p>
      </ToolDialog>,
    )
    const busy = await screen.findByRole('dialog', H)
    expect((within(busy).getByRole('button', { ...H, name: '关闭' }) as HTMLButtonElement).disabled).toBe(true)
    expect((within(busy).getByRole('button', { ...H, name: '执行' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
