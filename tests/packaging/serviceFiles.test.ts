import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { validate } from 'dockerfile-utils'
import { describe, expect, it } from 'vitest'

/**
 * The hub as a team service (issue 38): the systemd unit and the container recipe in deploy/.
 * Neither can run here (no systemd as PID 1, no Docker daemon), so each is checked by the tool
 * that would read it — `systemd-analyze verify` and dockerfile-utils' validator — and for what
 * IT relies on: an unprivileged user, the data directory as the only writable place, the built
 * hub (out/main/hub.js, the package's bin) as what runs, a readiness check.
 */
const root = path.resolve(__dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string> }
const builtHub = pkg.bin['datahub-hub']!

/** The unit's `Key=value` lines (comments and sections left out); a key given twice keeps each. */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>()
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim())
    if (m) settings.set(m[1]!, [...(settings.get(m[1]!) ?? []), m[2]!])
  }
  return settings
}

describe('the systemd unit (deploy/datahub-hub.service)', () => {
  const text = read('deploy/datahub-hub.service')
  const unit = unitSettings(text)
  const one = (key: string) => unit.get(key)?.[0]

  it('passes systemd-analyze verify', () => {
    const r = spawnSync('systemd-analyze', ['verify', path.join(root, 'deploy/datahub-hub.service')], { encoding: 'utf8' })
    expect(r.error, 'systemd-analyze is installed by .ci/run').toBeUndefined()
    expect(`${r.stdout}${r.stderr}`.trim()).toBe('')
    expect(r.status).toBe(0)
  })

  it('runs the built hub as an unprivileged user, with the data directory as the only writable place', () => {
    expect(one('ExecStart')).toBe(`/usr/bin/node /opt/datahub/${builtHub}`)
    expect(one('DynamicUser')).toBe('yes')
    expect(unit.has('User')).toBe(false)
    expect(one('ProtectSystem')).toBe('strict')
    expect(one('ProtectHome')).toBe('yes')
    expect(one('NoNewPrivileges')).toBe('yes')
    expect(one('CapabilityBoundingSet')).toBe('')
    // StateDirectory=datahub is /var/lib/datahub, the one place ProtectSystem=strict leaves writable.
    expect(one('StateDirectory')).toBe('datahub')
    expect(unit.get('Environment')).toContain('HUB_DATA_DIR=/var/lib/datahub')
    expect(unit.has('ReadWritePaths')).toBe(false)
    // V8's JIT needs writable executable memory: the unit must not forbid it.
    expect(unit.has('MemoryDenyWriteExecute')).toBe(false)
  })

  it('restarts on failure and gives the hub time to end its deliveries on stop', () => {
    expect(one('Restart')).toBe('on-failure')
    expect(one('KillSignal')).toBe('SIGTERM')
    expect(Number(one('TimeoutStopSec'))).toBeGreaterThanOrEqual(30)
    expect(one('WantedBy')).toBe('multi-user.target')
  })
})

describe('the container recipe (deploy/Dockerfile)', () => {
  const text = read('deploy/Dockerfile')
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const last = (name: string) => [...instructions].reverse().find((l) => l.startsWith(`${name} `))

  it('has no finding of the Dockerfile validator (which finds a planted one)', () => {
    expect(validate(text).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([])
    expect(validate('FROM node\nEXPOSE port\n').length).toBeGreaterThan(0)
  })

  it('runs the built hub as the unprivileged node user, its data on the one volume, checked by readiness', () => {
    const finalStage = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')))
    expect(finalStage.find((l) => l.startsWith('USER '))).toBe('USER node')
    expect(last('CMD')).toBe(`CMD ["node", "${builtHub}"]`)
    expect(finalStage.some((l) => l.includes('HUB_DATA_DIR=/var/lib/datahub'))).toBe(true)
    expect(last('VOLUME')).toBe('VOLUME ["/var/lib/datahub"]')
    expect(last('HEALTHCHECK')).toContain('/api/ready')
    // Only what runs goes into the image: the built hub and the production packages.
    expect(finalStage.filter((l) => l.startsWith('COPY ')).map((l) => l.split(' ').at(-1))).toEqual(['./', './node_modules', './out/main'])
  })

  it('builds from a context without what a checkout installs or builds', () => {
    const ignored = read('.dockerignore').split('\n').filter((l) => l && !l.startsWith('#'))
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'out', '.git']))
  })
})
