// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { resolvePage } from './registry'

describe('page registry', () => {
  it("resolves the hub's seeded home route under common, case-insensitively, always the same lazy component", () => {
    const home = resolvePage('common', 'Home')
    expect(home).not.toBeNull()
    expect(resolvePage('common', 'home')).toBe(home)
  })

  it("resolves the seeded data-hub pages (appCode 'datahub'): topic flows and version history", () => {
    expect(resolvePage('datahub', 'TopicList')).not.toBeNull()
    expect(resolvePage('datahub', 'VersionBacktrackList')).not.toBeNull()
    expect(resolvePage('datahub', 'DataSourceList')).not.toBeNull()
    expect(resolvePage('datahub', 'AuthenticationList')).not.toBeNull()
  })

  it("resolves the alert and message centres' seeded pages (appCodes 'alert' and 'message')", () => {
    expect(resolvePage('alert', 'AlertRecordList')).not.toBeNull()
    expect(resolvePage('alert', 'AlertJobList')).not.toBeNull()
    expect(resolvePage('message', 'NotificationList')).not.toBeNull()
    expect(resolvePage('message', 'MessageRecordList')).not.toBeNull()
  })

  it('has nothing for pages not built yet (the shell shows "module not yet available")', () => {
    expect(resolvePage('datahub', 'NoSuchList')).toBeNull()
    expect(resolvePage('common', null)).toBeNull()
    expect(resolvePage('nosuchapp', 'Home')).toBeNull()
  })
})
