// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { avatarUpload } from '../../../shared/contract/platform/userCentre/files'
import { onSignal } from '../../api/signals'
import { fail, installFakeBridge, ok, type FakeBridgeOptions } from '../../test/fakeBridge'
import { resetState } from '../../test/resetState'
import { uploadToHub } from './uploadToHub'

afterEach(resetState)
const channels = (answer: (p: unknown) => unknown) => ({ 'hub.upload': answer }) as unknown as FakeBridgeOptions['channels']
const file = () => new File([Uint8Array.from([1, 2, 3])], 'me.png')

describe('upload to the hub', () => {
  it('sends the endpoint id, the name and the bytes over the upload channel', async () => {
    const fake = installFakeBridge({ channels: channels(() => ok({ id: 'f1' })) })
    expect(await uploadToHub(avatarUpload, file())).toMatchObject({ ok: true, data: { id: 'f1' } })
    const sent = fake.calls.find((c) => (c.channel as string) === 'hub.upload')?.payload as { endpoint: string; name: string; bytes: Uint8Array }
    expect(sent.endpoint).toBe('platform.me.avatar')
    expect(sent.name).toBe('me.png')
    expect(Array.from(sent.bytes)).toEqual([1, 2, 3])
  })

  it('says the spec’s upload failure when the channel itself fails', async () => {
    installFakeBridge({
      channels: channels(() => {
        throw new Error('unknown IPC channel: hub.upload')
      }),
    })
    expect(await uploadToHub(avatarUpload, file())).toMatchObject({ ok: false, code: '5000', message: '文件上传失败！' })
  })

  it('ends the session on 4030 like any hub call', async () => {
    installFakeBridge({ channels: channels(() => fail('4030', '登录已失效，请重新登录')) })
    const ended: string[] = []
    const off = onSignal('sessionInvalid', (s) => ended.push(s.endpoint))
    expect(await uploadToHub(avatarUpload, file())).toMatchObject({ ok: false, code: '4030' })
    expect(ended).toEqual(['platform.me.avatar'])
    off()
  })
})
