import { describe, expect, it, vi } from 'vitest'
import type { Locale } from '../../shared/locale'
import { createLicenceFiles, type LicenceFs } from './licenceFile'

// A disk of named files, and a proxy that records what it was asked to send.
function setup(files: Record<string, number>, locale: Locale = 'zh-CN') {
  const upload = vi.fn(async () => ({ ok: true as const, data: null, message: 'sent' }))
  const fs: LicenceFs = {
    stat: vi.fn(async (path: string) => {
      if (!(path in files)) throw Object.assign(new Error('nope'), { code: 'ENOENT' })
      return { size: files[path]!, isFile: () => !path.endsWith('/') }
    }),
    readFile: vi.fn(async (path: string) => new Uint8Array(files[path]!)),
  }
  return { upload, fs, licence: createLicenceFiles({ proxy: { upload }, fs, locale: () => locale }) }
}

describe('licence files', () => {
  it('send a .lic file under 1 MB as the upload endpoint\'s file, named after the file', async () => {
    const { licence, upload } = setup({ '/keys/site.LIC': 700 })
    expect(await licence.uploadPath('/keys/site.LIC')).toEqual({ ok: true, data: null, message: 'sent' })
    expect(upload).toHaveBeenCalledWith('platform.license.upload', { name: 'site.LIC', bytes: new Uint8Array(700) })
  })

  it('refuse a wrong extension or a file of 1 MB or more before reading or sending it', async () => {
    const { licence, upload, fs } = setup({ '/a/licence.txt': 10, '/a/big.lic': 1024 * 1024 })
    expect(await licence.uploadPath('/a/licence.txt')).toEqual({ ok: false, code: '4001', message: '证书文件格式错误，只能上传 .lic 文件' })
    expect(await licence.uploadPath('/a/big.lic')).toEqual({ ok: false, code: '4130', message: '证书文件大小须小于 1 MB' })
    expect(fs.readFile).not.toHaveBeenCalled()
    expect(await licence.uploadBytes('x.lic', new Uint8Array(1024 * 1024))).toMatchObject({ ok: false, code: '4130' })
    expect(await licence.uploadBytes('.lic', new Uint8Array(1))).toMatchObject({ ok: false, code: '4001' })
    expect(upload).not.toHaveBeenCalled()
  })

  it('say in the console\'s language when a file cannot be read', async () => {
    const { licence, upload } = setup({ '/a/dir.lic/': 0 }, 'en')
    expect(await licence.uploadPath('/a/missing.lic')).toEqual({ ok: false, code: '4001', message: 'The licence file could not be read' })
    expect(await licence.uploadPath('/a/dir.lic/')).toMatchObject({ message: 'The licence file could not be read' })
    expect(await licence.uploadBytes('a.txt', new Uint8Array(1))).toMatchObject({ message: 'Wrong file type: only .lic licence files can be uploaded' })
    expect(upload).not.toHaveBeenCalled()
  })
})
