// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { FileUpload, type UploadItem } from './FileUpload'

afterEach(resetState)

const MB = 1024 * 1024
/** A File of `size` bytes without allocating them. */
const fileOf = (name: string, size: number) => {
  const f = new File(['x'], name)
  Object.defineProperty(f, 'size', { value: size })
  return f
}

function Harness({ limit, maxSizeMB, onAdd = () => {} }: { limit?: number; maxSizeMB?: number; onAdd?: (files: File[]) => void }) {
  const [items, setItems] = useState<UploadItem[]>([])
  return (
    <FileUpload
      items={items}
      limit={limit}
      maxSizeMB={maxSizeMB}
      onAdd={(files) => {
        onAdd(files)
        setItems((list) => [...list, ...files.map((f) => ({ key: f.name, name: f.name, status: 'done' as const }))])
      }}
      onRemove={(item) => setItems((list) => list.filter((i) => i.key !== item.key))}
    />
  )
}

describe('file upload widget', () => {
  it('adds files within 5 MB and names the limit for a bigger one', async () => {
    const onAdd = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<Harness onAdd={onAdd} />)
    await user.upload(screen.getByLabelText('选择文件'), [fileOf('a.txt', 5 * MB), fileOf('big.txt', 5 * MB + 1)])
    expect(onAdd.mock.lastCall?.[0].map((f: File) => f.name)).toEqual(['a.txt'])
    expect(screen.getByRole('alert').textContent).toBe('上传附件大小不能超过 5 MB')
    expect(within(screen.getByRole('list', { name: '已选文件' })).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByText('1 / 2000 个文件')).toBeTruthy()
  })

  it('refuses a choice past the count limit with the counts, adding nothing', async () => {
    const onAdd = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<Harness limit={2} onAdd={onAdd} />)
    await user.upload(screen.getByLabelText('选择文件'), [fileOf('a', 1), fileOf('b', 1), fileOf('c', 1)])
    expect(onAdd).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe('最多只能上传 2 个文件，本次选择了 3 个，共 3 个')
  })

  it('asks before removing a file and keeps it on cancel', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.upload(screen.getByLabelText('选择文件'), [fileOf('report.pdf', 10)])
    await user.click(screen.getByRole('button', { name: '删除 report.pdf' }))
    expect(await screen.findByText('确定移除 report.pdf？')).toBeTruthy()
    // The confirmation may still be in its opening motion, which the role query counts as hidden.
    await user.click(await screen.findByRole('button', { name: '取消', hidden: true }))
    expect(screen.getByText('report.pdf')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: '删除 report.pdf' }))
    await user.click(await screen.findByRole('button', { name: '确定', hidden: true }))
    expect(screen.queryByText('report.pdf')).toBeNull()
  })

  it('speaks English when the console does', async () => {
    await i18n.changeLanguage('en')
    const user = userEvent.setup()
    renderWithProviders(<Harness maxSizeMB={1} />)
    await user.upload(screen.getByLabelText('Choose files'), [fileOf('big', 2 * MB)])
    expect(screen.getByRole('alert').textContent).toBe('Upload attachment size cannot exceed 1 MB')
  })
})
