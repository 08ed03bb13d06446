import { expect, it } from 'vitest'
import { clientAddress } from './clientAddress'

it('keeps an IPv4 address, also when Node reports it IPv4-mapped', () => {
  expect(clientAddress('203.0.113.9')).toBe('203.0.113.9')
  expect(clientAddress('::ffff:203.0.113.9')).toBe('203.0.113.9')
})

it('reduces an IPv6 address to its /64, however it is written', () => {
  expect(clientAddress('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64')
  expect(clientAddress('2001:0DB8:0000:0007:abcd::99')).toBe('2001:db8:0:7::/64')
  expect(clientAddress('2001:db8::7:1:2:3')).toBe('2001:db8:0:0::/64')
  expect(clientAddress('::1')).toBe('0:0:0:0::/64')
  expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
})

it('gives an unknown address one shared key', () => {
  expect(clientAddress(undefined)).toBe('')
})
