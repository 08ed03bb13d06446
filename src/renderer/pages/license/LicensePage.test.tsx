// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fail, installFakeBridge, ok } from '../../test/fakeBridge'
import { renderWithProviders } from '../../test/render'
import { resetState } from '../../test/resetState'
import { sessionStore } from '../../state/session'
import LicensePage from './LicensePage'

afterEach(resetState)

const licence = { id: 'l1', productCode: 'DH-ENT', productNameCn: '企业版', productNameEn: 'Enterprise', expiredDate: '2099-12-31', licensee: 'ACME' }

/** The fake bridge, plus answers for the licence channels (recorded like every other call). */
function setup(answers: Record<string, unknown>, hub: Parameters<typeof installFakeBridge>[0] = {}) {
  const fake = installFakeBridge(hub)
  const base = window.desktop!.invoke
  window.desktop = {
    ...window.desktop!,
    invoke: (async (channel: string, payload: unknown) => {
      if (channel in answers) {
        fake.calls.push({ channel: channel as never, payload })
        return answers[channel]
      }
      return base(channel as never, payload as never)
    }) as typeof base,
  }
  sessionStore.set({ status: 'signedIn' })
  return fake
}

describe('licence page', () => {
  it('shows that no licence is installed, then the uploaded one from the dialog', async () => {
    const fake = setup({ 'licence.choose': ok(licence, { message: '证书上传成功' }) }, { hub: { 'platform.getLicese': ok({ enforced: true, valid: false, licence: null }) } })
    renderWithProviders(<LicensePage />, '/license')
    expect(await screen.findByText('未安装证书')).toBeTruthy()
    expect(screen.getByText('已启用证书校验')).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: '上传证书' }))
    expect(await screen.findByText('Enterprise')).toBeTruthy()
    expect(screen.getByText('2099-12-31')).toBeTruthy()
    expect(screen.getByText('有效')).toBeTruthy()
    expect(fake.calls.map((c) => c.channel)).toContain('licence.choose')
  })

  it('refuses a dropped file of the wrong type without sending it, and shows the hub\'s refusal of an expired one', async () => {
    const fake = setup({ 'licence.uploadBytes': fail('4001', '证书已过期') }, { hub: { 'platform.getLicese': ok({ enforced: false, valid: true, licence }) } })
    renderWithProviders(<LicensePage />, '/license')
    const zone = await screen.findByTestId('licence-drop')
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt')] } })
    expect((await screen.findByRole('alert')).textContent).toContain('证书文件格式错误，只能上传 .lic 文件')
    expect(fake.calls.some((c) => c.channel === 'licence.uploadBytes')).toBe(false)

    fireEvent.drop(zone, { dataTransfer: { files: [new File(['{}'], 'old.lic')] } })
    expect(await screen.findByText('证书已过期')).toBeTruthy()
    const sent = fake.calls.find((c) => c.channel === 'licence.uploadBytes')?.payload as { name: string; bytes: Uint8Array }
    expect(sent.name).toBe('old.lic')
    expect(sent.bytes.byteLength).toBe(2)
    // The licence shown before stays.
    expect(screen.getByText('Enterprise')).toBeTruthy()
  })

  it('a cancelled dialog is no error', async () => {
    setup({ 'licence.choose': fail('5040', '') }, { hub: { 'platform.getLicese': ok({ enforced: false, valid: false, licence: null }) } })
    renderWithProviders(<LicensePage />, '/license')
    await userEvent.setup().click(await screen.findByRole('button', { name: '上传证书' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
