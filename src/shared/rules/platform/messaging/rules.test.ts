import { describe, expect, it } from 'vitest'
import { channelFormSchema } from './channel'
import { isHost, isIpOrRange, portRule } from './common'
import { placeholdersOf } from './emailTemplate'

describe('messaging rules', () => {
  it('reads placeholders and refuses malformed ones', () => {
    expect(placeholdersOf('Hi {{ user.name }}, {{topic}} at {{time}}; again {{topic}}')).toEqual(['user.name', 'topic', 'time'])
    expect(placeholdersOf('no placeholders')).toEqual([])
    for (const bad of ['{{}}', '{{1x}}', '{{a b}}', '{{open', 'close}}', '{{a}} }}', '{{ {{a}} }}']) expect(placeholdersOf(bad), bad).toBeNull()
  })

  it('accepts host names and IP addresses as hosts, IPs and ranges in a whitelist', () => {
    expect(['smtp.example.com', 'localhost', '127.0.0.1', '::1', 'mail-1.corp'].every(isHost)).toBe(true)
    expect(['bad host', '-a.com', 'a..b', 'http://x', ''].some(isHost)).toBe(false)
    expect(['10.0.0.1', '192.168.0.0/16', 'fe80::1', '2001:db8::/32'].every(isIpOrRange)).toBe(true)
    expect(['300.1.1.1', '10.0.0.0/33', 'example.com', '1.2.3'].some(isIpOrRange)).toBe(false)
  })

  it('takes a port as text or number, 1-65535', () => {
    expect(portRule.parse('465')).toBe(465)
    expect(portRule.parse(25)).toBe(25)
    for (const bad of ['0', '65536', '123456', '2 5', '', 'abc']) expect(portRule.safeParse(bad).success, bad).toBe(false)
  })

  it('reads an empty or -1 load limit as no limit and splits the whitelist', () => {
    const base = { code: 'sms_main', name: '短信主渠道', channelType: 'sms', retryNum: '3', retryInterval: '60' }
    expect(channelFormSchema.parse({ ...base, loadLimit: '' }).loadLimit).toBe(-1)
    expect(channelFormSchema.parse({ ...base, loadLimit: '-1', ipWhitelist: '10.0.0.1,\n10.0.0.2 ; ::1' })).toMatchObject({ loadLimit: -1, ipWhitelist: ['10.0.0.1', '10.0.0.2', '::1'] })
    expect(channelFormSchema.safeParse({ ...base, loadLimit: '1.5' }).success).toBe(false)
  })
})
