import { afterAll, beforeAll, expect, it } from 'vitest'
import { routePattern } from '../../../src/shared/endpoint'
import type { SessionUser } from '../../../src/shared/contract/platform/session'
import * as session from '../../../src/shared/contract/platform/session'
import * as files from '../../../src/shared/contract/platform/userCentre/files'
import type { FileContent, StoredFile } from '../../../src/shared/contract/platform/userCentre/files'
import { openCallBench, refusal, type CallBench } from '../../support/bench'
import { addUser, signIn } from '../../support/hub'
import { describeEachStore, storeTargets } from '../../support/stores'
import { jpegOf, MB, pngOf, upload } from './support'

const targets = await storeTargets()

describeEachStore(targets, 'files and avatars', (target) => {
  let bench: CallBench
  beforeAll(async () => {
    bench = await openCallBench(target)
  })
  afterAll(async () => bench?.close())

  const get = (query: Record<string, string>) => bench.hub.app.inject({ method: 'GET', url: routePattern(files.fileGet), query })

  it('stores an image and gives it back by id, with the token in the query', async () => {
    const bytes = pngOf(300)
    const answer = await upload<StoredFile>(bench.hub.app, files.fileUpload, bench.admin, 'C:\\photos\\logo.png', bytes)
    expect(answer.code, answer.message).toBe('2000')
    expect(answer.message).toBe('文件上传成功')
    expect(answer.data?.name).toBe('logo.png')
    const id = answer.data!.id

    const response = await get({ token: bench.admin, id })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(new Uint8Array(response.rawPayload)).toEqual(bytes)

    const content = await bench.ok<FileContent>(files.fileContent, { id })
    expect(content).toMatchObject({ id, name: 'logo.png', contentType: 'image/png' })
    expect(new Uint8Array(Buffer.from(content.base64, 'base64'))).toEqual(bytes)
  })

  it('refuses file/get without a valid token, and an unknown id', async () => {
    const { data } = await upload<StoredFile>(bench.hub.app, files.fileUpload, bench.admin, 'a.jpg', jpegOf())
    for (const token of ['', 'not-a-token']) {
      const response = await get({ token, id: data!.id })
      expect(response.json()).toMatchObject({ code: '4030', message: '登录已失效，请重新登录' })
    }
    const other = await signIn(bench.hub.app)
    await bench.ok(session.logout, undefined, other)
    expect((await get({ token: other, id: data!.id })).json()).toMatchObject({ code: '4030' })
    expect((await get({ token: bench.admin, id: 'missing' })).json()).toMatchObject({ code: '4040', message: '文件不存在' })
    expect(refusal(await bench.send(files.fileContent, { id: 'missing' }, { locale: 'en' }))).toEqual({ code: '4040', message: 'The file does not exist' })
  })

  it('checks an image by content: a .png that is really text is refused; a PNG named .gif is an attachment, never served as an image', async () => {
    const text = new TextEncoder().encode('hello, I am only text')
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'fake.png', text)).toMatchObject({ code: '4001', message: '上传图片只能是JPEG、JPG或PNG格式!' })
    const gif = await upload<StoredFile>(bench.hub.app, files.fileUpload, bench.admin, 'real.gif', pngOf())
    expect(gif.code).toBe('2000')
    expect((await get({ token: bench.admin, id: gif.data!.id })).headers['content-type']).toBe('application/octet-stream')
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'fake.png', text, 'en')).toMatchObject({ message: 'Images can only be JPEG, JPG or PNG!' })
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'empty.png', new Uint8Array())).toMatchObject({ code: '4001', message: '文件内容为空' })
  })

  it('accepts a 50 MB image and refuses one byte more, with the spec\'s image message and the real limit', async () => {
    expect((await upload(bench.hub.app, files.fileUpload, bench.admin, 'big.png', pngOf(50 * MB))).code).toBe('2000')
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'big.png', pngOf(50 * MB + 1))).toMatchObject({ code: '4130', message: '上传图片大小不能超过 50MB!' })
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'big.png', pngOf(50 * MB + 1), 'en')).toMatchObject({ message: 'The image cannot be larger than 50 MB!' })
  })

  it('takes attachments up to 5 MB, served as bytes to save and only to their uploader and administrators (issue 37 item 8)', async () => {
    await addUser(bench.hub.store, { username: 'attacher', password: 'Us3r!pass', roles: [] })
    await addUser(bench.hub.store, { username: 'otherone', password: 'Us3r!pass', roles: [] })
    const owner = await signIn(bench.hub.app, 'attacher', 'Us3r!pass')
    const other = await signIn(bench.hub.app, 'otherone', 'Us3r!pass')
    const pdf = new TextEncoder().encode('%PDF-1.4\n% a contract\n')
    const stored = await upload<StoredFile>(bench.hub.app, files.fileUpload, owner, '合同 2026.pdf', pdf)
    expect(stored).toMatchObject({ code: '2000', message: '文件上传成功', data: { name: '合同 2026.pdf' } })
    const id = stored.data!.id
    for (const token of [owner, bench.admin]) {
      const response = await get({ token, id })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/octet-stream')
      expect(response.headers['content-disposition']).toMatch(/^attachment; /)
      expect(new Uint8Array(response.rawPayload)).toEqual(pdf)
    }
    expect((await get({ token: other, id })).json()).toMatchObject({ code: '4031', message: '权限不足' })
    expect(refusal(await bench.send(files.fileContent, { id }, { token: other }))).toEqual({ code: '4031', message: '权限不足' })
    expect((await bench.ok<FileContent>(files.fileContent, { id }, owner)).name).toBe('合同 2026.pdf')
    // An image stays readable by anyone signed in (others are shown avatars and pictures).
    const picture = await upload<StoredFile>(bench.hub.app, files.fileUpload, owner, 'team.png', pngOf())
    expect((await get({ token: other, id: picture.data!.id })).statusCode).toBe(200)

    // A page or a script uploaded as an attachment is never served as one.
    const page = await upload<StoredFile>(bench.hub.app, files.fileUpload, owner, 'x.html', new TextEncoder().encode('<script>alert(1)</script>'))
    expect((await get({ token: owner, id: page.data!.id })).headers['content-type']).toBe('application/octet-stream')
    expect((await upload(bench.hub.app, files.fileUpload, owner, 'notes.txt', new Uint8Array(5 * MB))).code).toBe('2000')
    expect(await upload(bench.hub.app, files.fileUpload, owner, 'empty.txt', new Uint8Array())).toMatchObject({ code: '4001', message: '文件内容为空' })
  })

  it('tells a file that is not an image the generic upload message, not the image one (issue 43)', async () => {
    const big = new Uint8Array(5 * MB + 1)
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'report.pdf', big)).toMatchObject({ code: '4130', message: '上传附件大小不能超过 5 MB' })
    expect(await upload(bench.hub.app, files.fileUpload, bench.admin, 'report.pdf', big, 'en')).toMatchObject({ message: 'Upload attachment size cannot exceed 5 MB' })
  })

  it('refuses an upload without a session before reading it', async () => {
    expect(await upload(bench.hub.app, files.fileUpload, null, 'a.png', pngOf())).toMatchObject({ code: '4030' })
    expect(await upload(bench.hub.app, files.avatarUpload, 'nope', 'a.png', pngOf())).toMatchObject({ code: '4030' })
  })

  it('makes an uploaded JPG or PNG up to 2 MB the signed-in user’s avatar, with the spec’s messages otherwise', async () => {
    await addUser(bench.hub.store, { username: 'avataruser', password: 'Us3r!pass', roles: [] })
    const token = await signIn(bench.hub.app, 'avataruser', 'Us3r!pass')
    const answer = await upload<SessionUser>(bench.hub.app, files.avatarUpload, token, 'me.jpg', jpegOf(2 * MB))
    expect(answer.code, answer.message).toBe('2000')
    const avatar = answer.data!.avatar!
    expect((await bench.ok<SessionUser>(session.me, undefined, token)).avatar).toBe(avatar)
    // The admin's avatar is untouched.
    expect((await bench.ok<SessionUser>(session.me)).avatar).toBeNull()
    expect((await bench.ok<FileContent>(files.fileContent, { id: avatar }, token)).contentType).toBe('image/jpeg')

    expect(await upload(bench.hub.app, files.avatarUpload, token, 'me.png', pngOf(2 * MB + 1))).toMatchObject({ code: '4130', message: '上传头像图片大小不能超过 2MB!' })
    expect(await upload(bench.hub.app, files.avatarUpload, token, 'me.png', new TextEncoder().encode('GIF89a...'))).toMatchObject({
      code: '4001',
      message: '上传头像图片只能是 JPG或PNG 格式!',
    })
    // Refused uploads leave the avatar as it was.
    expect((await bench.ok<SessionUser>(session.me, undefined, token)).avatar).toBe(avatar)
  })
})
