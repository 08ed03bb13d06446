// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installFakeBridge } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { ViewOnlyContext } from '../viewOnly'
import { blankApi, submittedApi, type ApiObject } from './apiModel'
import { HttpApiEditor } from './HttpApiEditor'

afterEach(resetState)

let saved: ApiObject = {}
function Harness({ initial, viewOnly = false }: { initial: ApiObject; viewOnly?: boolean }) {
  const [api, setApi] = useState(initial)
  saved = submittedApi(api)
  return (
    <ViewOnlyContext.Provider value={viewOnly}>
      <HttpApiEditor label="请求" value={api} onChange={setApi} pagination={<span>分页内容</span>} />
    </ViewOnlyContext.Provider>
  )
}

describe('HTTP API editor', () => {
  it('GET disables the body tab; POST enables it', async () => {
    installFakeBridge()
    const user = userEvent.setup()
    renderWithProviders(<Harness initial={blankApi('GET')} />)
    expect((screen.getByRole('tab', { name: '请求体' }) as HTMLButtonElement).disabled).toBe(true)
    await user.selectOptions(screen.getByLabelText('请求方法'), 'POST')
    expect((screen.getByRole('tab', { name: '请求体' }) as HTMLButtonElement).disabled).toBe(false)
    await user.click(screen.getByRole('tab', { name: '请求体' }))
    await user.click(screen.getByRole('radio', { name: 'raw' }))
    await user.type(screen.getByLabelText('raw 内容'), '{{"a":1}')
    expect(saved.body).toMatchObject({ type: 'raw', raw: { rawType: 'JSON', content: '{"a":1}' } })
    // The producer's pagination settings are a fifth tab.
    await user.click(screen.getByRole('tab', { name: '分页设置' }))
    expect(screen.getByText('分页内容')).toBeTruthy()
  })

  it('keeps one blank row last; only checked rows are submitted', async () => {
    installFakeBridge()
    const user = userEvent.setup()
    renderWithProviders(<Harness initial={blankApi('POST')} />)
    expect(screen.getAllByLabelText(/^第 \d+ 行参数名$/)).toHaveLength(1)
    await user.type(screen.getByLabelText('第 1 行参数名'), 'page')
    await user.type(screen.getByLabelText('第 1 行参数值'), '1')
    expect(screen.getAllByLabelText(/^第 \d+ 行参数名$/)).toHaveLength(2)
    expect((screen.getByLabelText('第 2 行参数名') as HTMLInputElement).value).toBe('')
    await user.type(screen.getByLabelText('第 2 行参数名'), 'size')
    expect(screen.getAllByLabelText(/^第 \d+ 行参数名$/)).toHaveLength(3)
    await user.click(screen.getByLabelText('启用第 2 行'))
    expect(saved.params).toEqual([{ key: 'page', value: '1', description: '', checked: true }])
    await user.click(screen.getByRole('button', { name: '删除第 1 行' }))
    expect(saved.params).toEqual([])
    expect(screen.getAllByLabelText(/^第 \d+ 行参数名$/)).toHaveLength(2)
  })

  it('view mode disables every input', () => {
    installFakeBridge()
    renderWithProviders(<Harness initial={{ ...blankApi('POST'), params: [{ key: 'a', value: '1', description: '', checked: true }] }} viewOnly />)
    expect((screen.getByLabelText('URL') as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByLabelText('请求方法') as HTMLSelectElement).disabled).toBe(true)
    for (const input of screen.getAllByLabelText(/^第 \d+ 行参数名$/)) expect((input as HTMLInputElement).disabled).toBe(true)
  })
})
