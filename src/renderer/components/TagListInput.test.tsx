// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '../test/render'
import { resetState } from '../test/resetState'
import { joinTags, splitTags } from './tags'
import { TagListInput } from './TagListInput'
import { ViewOnlyContext } from './viewOnly'

afterEach(resetState)

function Harness({ initial, viewOnly = false }: { initial: string; viewOnly?: boolean }) {
  const [tags, setTags] = useState<readonly string[]>(splitTags(initial))
  return (
    <ViewOnlyContext.Provider value={viewOnly}>
      <TagListInput label="标签" tags={tags} onChange={setTags} />
      <output data-testid="joined">{joinTags(tags)}</output>
    </ViewOnlyContext.Provider>
  )
}

describe('tags edited as a list', () => {
  it('adds a tag only when non-empty and not present; the stored form is joined with the full-width comma', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness initial="订单，库存" />)
    const box = screen.getByRole('textbox', { name: '标签' })
    await user.type(box, '  {Enter}')
    await user.type(box, '订单{Enter}')
    expect(screen.getByTestId('joined').textContent).toBe('订单，库存')
    await user.type(box, ' 财务 ')
    await user.click(screen.getByRole('button', { name: '添加' }))
    expect(screen.getByTestId('joined').textContent).toBe('订单，库存，财务')
    await user.click(screen.getByRole('button', { name: '删除标签 库存' }))
    expect(screen.getByTestId('joined').textContent).toBe('订单，财务')
  })

  it('view mode: no text box and no removal', () => {
    renderWithProviders(<Harness initial="订单" viewOnly />)
    expect(screen.queryByRole('textbox', { name: '标签' })).toBeNull()
    expect((screen.getByRole('button', { name: '删除标签 订单' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('reads the full-width comma and drops blanks and repeats', () => {
    expect(splitTags('a， b，，a，')).toEqual(['a', 'b'])
    expect(splitTags('')).toEqual([])
  })
})
