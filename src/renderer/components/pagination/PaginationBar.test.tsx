// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { PaginationBar } from './PaginationBar'

afterEach(resetState)

describe('pagination bar', () => {
  it('shows the total, the page sizes 10/20/30/40 and five pager buttons with first and last', () => {
    renderWithProviders(<PaginationBar total={200} pageNum={5} pageSize={20} onChange={() => {}} />)
    const bar = screen.getByRole('navigation', { name: '分页' })
    expect(bar.textContent).toContain('共 200 条')
    const sizes = screen.getByRole('combobox', { name: '每页条数' }) as HTMLSelectElement
    expect(Array.from(sizes.options).map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '30 条/页', '40 条/页'])
    const pages = screen.getAllByRole('button', { name: /^第 \d+ 页$/ }).map((b) => b.textContent)
    expect(pages).toEqual(['1', '4', '5', '6', '10'])
    expect(screen.getByRole('button', { name: '第 5 页' }).getAttribute('aria-current')).toBe('page')
  })

  it('reports the wanted page: pager button, next, previous, jumper, and page 1 on a new size', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<PaginationBar total={95} pageNum={1} pageSize={10} onChange={onChange} />)
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: '第 3 页' }))
    expect(onChange).toHaveBeenLastCalledWith({ pageNum: 3, pageSize: 10 })
    await user.click(screen.getByRole('button', { name: '下一页' }))
    expect(onChange).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 10 })
    await user.selectOptions(screen.getByRole('combobox', { name: '每页条数' }), '40')
    expect(onChange).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 40 })
    await user.type(screen.getByLabelText('前往页码'), '99{Enter}')
    // Past the last page: the last page.
    expect(onChange).toHaveBeenLastCalledWith({ pageNum: 10, pageSize: 10 })
  })

  it('speaks English when the console does', async () => {
    await i18n.changeLanguage('en')
    renderWithProviders(<PaginationBar total={3} pageNum={1} pageSize={10} onChange={() => {}} />)
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Total 3')
    expect(screen.getByRole('option', { name: '30 / page' })).toBeTruthy()
  })
})
