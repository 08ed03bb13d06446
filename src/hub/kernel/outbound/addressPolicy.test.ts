import { describe, expect, it } from 'vitest'
import { addressCheck, exchangeTargetCheck, isPublicAddress, ownAddresses } from './addressPolicy'

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

describe('exchangeTargetCheck', () => {
  it('refuses this machine (loopback, link-local, unspecified, own addresses) but allows private ranges', () => {
    const check = exchangeTargetCheck(false, ['10.0.0.9'])
    for (const ip of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '169.254.169.254', 'fe80::1', '0.0.0.0', '::', '10.0.0.9', '::ffff:10.0.0.9'])
      expect(check(ip), ip).toBe(false)
    for (const ip of ['10.0.0.1', '172.16.0.1', '192.168.1.1', 'fd00::1', '93.184.216.34']) expect(check(ip), ip).toBe(true)
    expect(exchangeTargetCheck(true)('127.0.0.1')).toBe(true)
  })

  it('counts the listening address as own, and every local address when the hub listens on all', () => {
    expect(ownAddresses('10.0.0.9')).toEqual(['10.0.0.9'])
    expect(ownAddresses('hub.example')).toEqual([])
    expect(ownAddresses('0.0.0.0')).toContain('127.0.0.1')
  })
})
