import { expect, it } from 'vitest'
import { openTestHub, signIn } from '../../support/hub'
import { createSqliteLocation } from '../../support/stores'
import { handMadeXlsx } from './workbooks'

// The other tests of this folder serve the mapping routes alone; this one checks that the full
// hub (buildHub, every area of the contract) registers them the same way.
it('the full hub serves the mapping upload and the template', async () => {
  const location = await createSqliteLocation()
  const hub = await openTestHub(location)
  try {
    const token = await signIn(hub.app)
    const template = await hub.app.inject({ method: 'GET', url: '/api/inner/datahub/file/downloadFieldMappingTemplate', headers: { authorization: `Bearer ${token}` } })
    expect(template.headers['content-disposition']).toMatch(/^attachment;/)
    const boundary = '----dhfull'
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\n\r\n`),
      Buffer.from(handMadeXlsx([['a', 'A']])),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await hub.app.inject({
      method: 'POST',
      url: '/api/inner/datahub/file/upload/fieldMappingExcel',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(upload.json()).toEqual({ code: '2000', message: '文件上传成功', data: '[{"sourceFieldName":"a","targetFieldName":"A"}]' })
  } finally {
    await hub.close()
    await location.cleanup()
  }
})
