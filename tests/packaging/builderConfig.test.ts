import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

interface BuilderConfig {
  files: string[]
  asarUnpack: string[]
  electronFuses: Record<string, boolean>
  publish?: { provider: string; url: string }
}
const root = path.resolve(__dirname, '../..')
// js-yaml comes with electron-builder (no types of its own): the same parser that reads the file when packaging.
const { load } = createRequire(path.join(root, 'package.json'))('js-yaml') as { load(text: string): unknown }
const config = load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig

describe('electron-builder configuration', () => {
  it('flips the fuses of Electron\'s security checklist in packaged builds', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('ships the build output, not the sources, and keeps native modules outside the archive', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json', '!src/**', '!tests/**', '!bench/**', '!**/*.map']))
    expect(config.asarUnpack).toContain('**/*.node')
  })

  it('runAsNode off is safe: nothing in the main process forks Node through ELECTRON_RUN_AS_NODE', () => {
    const index = readFileSync(path.join(root, 'src/main/index.ts'), 'utf8')
    expect(index).toMatch(/forkUtilityHub\(/)
    expect(readFileSync(path.join(root, 'src/main/electron/utilityHub.ts'), 'utf8')).toMatch(/utilityProcess\.fork\(/)
  })

  it('has an update feed only when DATAHUB_UPDATE_URL is set at build time, and only over https', () => {
    const yml = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')
    expect(yml).toMatch(/^extends: \.\/scripts\/updateFeed\.cjs$/m)
    const feed = createRequire(path.join(root, 'package.json'))('./scripts/updateFeed.cjs') as () => unknown
    const withEnv = (env: Record<string, string | undefined>) => {
      const saved = { url: process.env.DATAHUB_UPDATE_URL, channel: process.env.DATAHUB_UPDATE_CHANNEL }
      Object.assign(process.env, { DATAHUB_UPDATE_URL: env.url ?? '', DATAHUB_UPDATE_CHANNEL: env.channel ?? '' })
      if (env.channel === undefined) delete process.env.DATAHUB_UPDATE_CHANNEL
      try {
        return feed()
      } finally {
        for (const [k, v] of [['DATAHUB_UPDATE_URL', saved.url], ['DATAHUB_UPDATE_CHANNEL', saved.channel]] as const) {
          if (v === undefined) delete process.env[k]
          else process.env[k] = v
        }
      }
    }
    expect(withEnv({})).not.toHaveProperty('publish')
    expect(withEnv({ url: 'https://updates.example.com/datahub' })).toMatchObject({ publish: [{ provider: 'generic', url: 'https://updates.example.com/datahub', channel: 'latest' }] })
    expect(withEnv({ url: 'https://u.example.com/', channel: 'beta' })).toMatchObject({ publish: [{ provider: 'generic', url: 'https://u.example.com/', channel: 'beta' }] })
    expect(() => withEnv({ url: 'http://updates.example.com/' })).toThrow(/https/)
    expect(() => withEnv({ url: 'https://u.example.com/', channel: 'nightly' })).toThrow(/latest or beta/)
  })
})
