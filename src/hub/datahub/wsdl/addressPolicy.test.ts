import { describe, expect, it } from 'vitest'
import { addressCheck, isPublicAddress } from './addressPolicy'

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc12::5', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a00:1', '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false))

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  )

  it('treats what is not an address as not public', () => expect(isPublicAddress('localhost')).toBe(false))
})

describe('addressCheck', () => {
  it('allows everything when the hub allows private addresses, else public and trusted ones', () => {
    expect(addressCheck(true)('10.0.0.1')).toBe(true)
    expect(addressCheck(false)('10.0.0.1')).toBe(false)
    expect(addressCheck(false, ['10.0.0.1'])('10.0.0.1')).toBe(true)
    expect(addressCheck(false, ['10.0.0.1'])('10.0.0.2')).toBe(false)
  })
})
