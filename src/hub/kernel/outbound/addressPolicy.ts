import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { networkInterfaces } from 'node:os'

/**
 * Addresses a WSDL may not be fetched from unless the hub allows private addresses: loopback,
 * the private and shared ranges, link-local (cloud metadata lives at 169.254.169.254), and the
 * reserved, documentation, multicast and unspecified ranges. Otherwise any user of the console
 * could make the hub probe the network it sits in (SSRF).
 */
const BLOCKED = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv6')

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, else null. */
function embeddedIpv4(ipv6: string): string | null {
  // The URL parser writes any IPv6 spelling in one compressed form.
  const canonical = new URL(`http://[${ipv6}]/`).hostname.slice(1, -1)
  const m = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical)
  if (!m) return null
  const [hi, lo] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)]
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.')
}

/**
 * The addresses of this very machine, whatever the strength: loopback, link-local (cloud metadata
 * at 169.254.169.254) and unspecified (0.0.0.0 and :: reach the local host too).
 */
const THIS_HOST = new BlockList()
THIS_HOST.addSubnet('0.0.0.0', 8, 'ipv4')
THIS_HOST.addSubnet('127.0.0.0', 8, 'ipv4')
THIS_HOST.addSubnet('169.254.0.0', 16, 'ipv4')
THIS_HOST.addSubnet('::', 128, 'ipv6')
THIS_HOST.addSubnet('::1', 128, 'ipv6')
THIS_HOST.addSubnet('fe80::', 10, 'ipv6')

/** False for an address in `list` (an IPv4-mapped or NAT64 one by its IPv4 address) or not an IP. */
function outside(list: BlockList, address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !list.check(address, 'ipv4')
  if (family !== 6) return false
  const v4 = embeddedIpv4(address)
  if (v4 !== null) return outside(list, v4)
  return !list.check(address, 'ipv6')
}

/** True for an address on the public internet; false for anything BLOCKED (or not an IP). */
export const isPublicAddress = (address: string): boolean => outside(BLOCKED, address)

/** False for a loopback, link-local or unspecified address (or not an IP); private ranges are true. */
export const isOffHostAddress = (address: string): boolean => outside(THIS_HOST, address)

/** Raised by the lookup below; the loader turns it into the 'addressRefused' answer. */
export class AddressRefused extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to an address the hub may not fetch from`)
    this.name = 'AddressRefused'
  }
}

/** Whether the hub may connect to an address. */
export type AddressCheck = (address: string) => boolean

/**
 * The hub's rule: public addresses only, unless the administrator allows private ones. `trusted`
 * addresses count as public (tests stand up a "public" server on a second loopback address).
 */
export const addressCheck = (allowPrivate: boolean, trusted: readonly string[] = []): AddressCheck =>
  allowPrivate ? () => true : (address) => trusted.includes(address) || isPublicAddress(address)

/**
 * The same rule at the strength of exchange targets (http producers and consumers, their token
 * APIs, callbacks and notifications): administrators aim these at the intranet, so private ranges
 * are allowed, but not this machine — loopback, link-local, unspecified, nor `own` (the hub's own
 * listening addresses, ownAddresses). The switch that lets WSDL resolve reach private addresses
 * (allowPrivateWsdl) lets these reach the local host.
 */
export const exchangeTargetCheck = (allowLocal: boolean, own: readonly string[] = []): AddressCheck =>
  allowLocal ? () => true : (address) => isOffHostAddress(address) && !own.includes(plainAddress(address))

/** An IPv4-mapped address as its IPv4 address, an IPv6 one without its zone, else as it is. */
function plainAddress(address: string): string {
  if (isIP(address) !== 6) return address
  return embeddedIpv4(address) ?? new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname.slice(1, -1)
}

/**
 * The addresses the hub listens on: its host when that is an address, every address of this
 * machine when it listens on all of them (0.0.0.0, ::, unset). A host name adds nothing here
 * (its loopback answers are refused anyway).
 */
export function ownAddresses(host: string | undefined): string[] {
  const wildcard = !host || host === '0.0.0.0' || host === '::' || host === '[::]'
  if (!wildcard) return isIP(host) ? [plainAddress(host)] : []
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => plainAddress(i.address)))
}

/**
 * A DNS lookup for http.request that refuses when any address of the name fails `check`, so the
 * rule applies to the address the socket really connects to (no DNS-rebinding gap between a
 * check and the connection). IP literals never reach a lookup: the loader checks them itself.
 */
export const checkedLookup =
  (check: AddressCheck): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0)
      if (addresses.length === 0 || addresses.some((a) => !check(a.address))) return callback(new AddressRefused(hostname), '', 0)
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
