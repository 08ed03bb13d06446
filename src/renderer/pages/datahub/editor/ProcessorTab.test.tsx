// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/render'
import { resetState } from '../../../test/resetState'
import { processorDefaults } from './editorDefaults'
import { ProcessorTab, type ProcessorValues } from './ProcessorTab'

afterEach(resetState)

/** The tab over a form of its own, starting from the editors' defaults with `start` on top. */
function Tab({ start }: { start: Partial<ProcessorValues> }) {
  const [values, setValues] = useState<ProcessorValues>({ ...processorDefaults(), ...start })
  return <ProcessorTab values={values} errors={{}} onChange={(c) => setValues((v) => ({ ...v, ...c }))} onBlur={() => {}} />
}

const section = (name: string) => screen.getByRole('region', { name })
const hintIn = (s: HTMLElement) => within(s).getByRole('note')

describe('processor tab (issue 33 item 7)', () => {
  it('starts a processor at JavaScript, a type the hub runs, and tells what it sees: data and text, with an example', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Tab start={{}} />)
    const pre = section('前置处理')
    await user.click(within(pre).getByRole('radio', { name: '是' }))
    expect((within(pre).getByRole('combobox', { name: '前置处理 处理器类型' }) as HTMLSelectElement).value).toBe('JavaScript')
    const hint = hintIn(pre)
    expect(hint.getAttribute('aria-label')).toBe('JavaScript 处理器的写法')
    expect(hint.textContent).toContain('可用变量：data')
    expect(hint.textContent).toContain('text——收到的原始文本')
    expect(hint.textContent).toContain('return data')
  })

  it('gives each type its own hint, and says the hub cannot run Bean or Java', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Tab start={{ postProcessorEnabled: '1' }} />)
    const post = section('后置处理')
    const type = within(post).getByRole('combobox', { name: '后置处理 处理器类型' })
    await user.selectOptions(type, 'JsonPath')
    expect(hintIn(post).textContent).toContain('$ 为它的根')
    expect(hintIn(post).textContent).toContain('$.order.items[*]')
    await user.selectOptions(type, 'XPath')
    expect(hintIn(post).textContent).toContain('XML 文档')
    expect(hintIn(post).textContent).toContain('/order/items/item')
    for (const unrunnable of ['Bean', 'Java']) {
      await user.selectOptions(type, unrunnable)
      expect(hintIn(post).textContent).toContain(`不能运行 ${unrunnable} 处理器：启用后保存会被拒绝`)
    }
  })

  it('turns a blank Java processor (the old default) into JavaScript when it is enabled; one with code keeps its type', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Tab start={{ preProcessorType: 'Java', postProcessorType: 'Java', postProcessorExpression: 'return 1;' }} />)
    await user.click(within(section('前置处理')).getByRole('radio', { name: '是' }))
    expect((within(section('前置处理')).getByRole('combobox', { name: '前置处理 处理器类型' }) as HTMLSelectElement).value).toBe('JavaScript')
    await user.click(within(section('后置处理')).getByRole('radio', { name: '是' }))
    expect((within(section('后置处理')).getByRole('combobox', { name: '后置处理 处理器类型' }) as HTMLSelectElement).value).toBe('Java')
  })

  it('speaks English when the console does', async () => {
    await i18n.changeLanguage('en')
    renderWithProviders(<Tab start={{ preProcessorEnabled: '1' }} />)
    const hint = hintIn(section('Pre-processing'))
    expect(hint.getAttribute('aria-label')).toBe('How to write a JavaScript processor')
    expect(hint.textContent).toContain('Sees data — the message')
  })
})
