import { describe, expect, it, vi } from 'vitest'
import type { HubResult } from '../../shared/envelope'
import { createFieldMappingFiles, type FieldMappingFileDeps } from './fieldMappingFiles'

// A stand-in proxy answering the way another hub of the same contract might (one without our
// import preview: '4040', as a hub answers a path it does not serve), or, given `preview`, the way
// ours does; the real hub and proxy are covered in tests/integration/mappingFiles/mainFiles.test.ts.
const NOT_SERVED: HubResult<unknown> = { ok: false, code: '4040', message: 'Not found' }
function setup(answer: HubResult<unknown>, over: Partial<FieldMappingFileDeps> = {}, preview: HubResult<unknown> = NOT_SERVED) {
  const upload = vi.fn(async (endpointId: string) => (endpointId === 'datahub.file.preview.fieldMappingExcel' ? preview : answer))
  const download = vi.fn(async () => ({ ok: true as const, data: { name: '../../etc/passwd', contentType: 'x', bytes: new Uint8Array([1]) }, message: '' }))
  const writeFile = vi.fn(async () => {})
  const saveTemplate = vi.fn(async (_name: string) => '/tmp/out.xlsx')
  const files = createFieldMappingFiles({
    proxy: { upload, download },
    fs: { stat: async () => ({ size: 1, isFile: () => true }), readFile: async () => new Uint8Array([1]), writeFile },
    dialogs: { openExcel: async () => '/tmp/a.xlsx', saveTemplate },
    locale: () => 'en',
    ...over,
  })
  return { files, upload, saveTemplate, writeFile }
}

const bytes = new Uint8Array([0x50, 0x4b, 3, 4])

describe('field-mapping files service', () => {
  it('counts the spec\'s untranslated success key as success and translates it', async () => {
    const { files } = setup({ ok: false, code: '0', message: 'msg_file_upload_success', data: '[{"sourceFieldName":"a","targetFieldName":"A"}]' })
    expect(await files.uploadBytes('m.xlsx', bytes)).toEqual({ ok: true, message: 'File uploaded', data: { rows: [{ sourceFieldName: 'a', targetFieldName: 'A' }], skipped: [], skippedTotal: 0 } })
  })

  it('accepts the rows as a list too, and cleans them by the merge rule', async () => {
    const data = [{ sourceFieldName: ' a', targetFieldName: 'A' }, { sourceFieldName: 'a', targetFieldName: 'A' }, { sourceFieldName: '', targetFieldName: 'B' }]
    const { files } = setup({ ok: true, message: '文件上传成功', data })
    expect(await files.uploadBytes('m.xls', bytes)).toEqual({ ok: true, message: '文件上传成功', data: { rows: [{ sourceFieldName: 'a', targetFieldName: 'A' }], skipped: [], skippedTotal: 0 } })
  })

  it('takes the rows and the skipped rows from the hub\'s import preview, and the spec\'s upload only from a hub without one', async () => {
    const skipped = [{ row: 1, sourceFieldName: 'Source', targetFieldName: 'Target', reason: 'header' }]
    const ours = setup(NOT_SERVED, {}, { ok: true, message: 'File uploaded', data: { rows: [{ sourceFieldName: 'a', targetFieldName: 'A' }], skipped, skippedTotal: 1 } })
    expect(await ours.files.uploadBytes('m.xlsx', bytes)).toEqual({ ok: true, message: 'File uploaded', data: { rows: [{ sourceFieldName: 'a', targetFieldName: 'A' }], skipped, skippedTotal: 1 } })
    expect(ours.upload.mock.calls.map(([id]) => id)).toEqual(['datahub.file.preview.fieldMappingExcel'])
    const theirs = setup({ ok: true, message: '', data: '[]' })
    await theirs.files.uploadBytes('m.xlsx', bytes)
    expect(theirs.upload.mock.calls.map(([id]) => id)).toEqual(['datahub.file.preview.fieldMappingExcel', 'datahub.file.upload.fieldMappingExcel'])
    // A refusal of the preview is the answer; a preview in another shape is no mapping import.
    expect(await setup(NOT_SERVED, {}, { ok: false, code: '4001', message: 'no' }).files.uploadBytes('m.xlsx', bytes)).toEqual({ ok: false, code: '4001', message: 'no' })
    expect(await setup(NOT_SERVED, {}, { ok: true, message: '', data: { rows: 'x' } }).files.uploadBytes('m.xlsx', bytes)).toEqual({ ok: false, code: '5000', message: 'This is not a valid Excel file' })
  })

  it('refuses an answer that is no mapping list instead of handing it to the page', async () => {
    for (const data of ['{not json', '{"a":1}', [1, 2], null]) {
      const { files } = setup({ ok: true, message: '', data })
      expect(await files.uploadBytes('m.xlsx', bytes), JSON.stringify(data)).toEqual({ ok: false, code: '5000', message: 'This is not a valid Excel file' })
    }
  })

  it('passes the hub\'s refusals through unchanged', async () => {
    const refusal = { ok: false as const, code: '4001', message: 'This is not a valid Excel file' }
    expect(await setup(refusal).files.uploadBytes('m.xlsx', bytes)).toBe(refusal)
  })

  it('never uploads a file the rules refuse', async () => {
    const { files, upload } = setup({ ok: true, message: '', data: '[]' })
    expect(await files.uploadBytes('m.numbers', bytes)).toMatchObject({ ok: false, code: '4001' })
    expect(await files.uploadBytes('m.xlsx', new Uint8Array(16 * 1024 * 1024 + 1))).toMatchObject({ ok: false, code: '4130' })
    expect(upload).not.toHaveBeenCalled()
  })

  it('suggests only a plain file name from the hub to the save dialog', async () => {
    const { files, saveTemplate, writeFile } = setup({ ok: true, message: '', data: '[]' })
    expect(await files.saveTemplate()).toMatchObject({ ok: true, data: { path: '/tmp/out.xlsx' } })
    expect(saveTemplate).toHaveBeenCalledWith('passwd')
    expect(writeFile).toHaveBeenCalledWith('/tmp/out.xlsx', new Uint8Array([1]))
  })
})
