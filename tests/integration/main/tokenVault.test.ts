import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring'
import { afterAll, describe, expect, it } from 'vitest'
import { createTokenVault, type KeyringModule } from '../../../src/main/services/tokenVault'
import { INSTALL_HINT, LINUX_SECRET_SERVICE, missingKeychain, removeService } from './keychain'

const ci = process.env.CI === 'true'
const missing = await missingKeychain()
if (missing && !ci) console.warn(`keychain tests skipped: missing ${missing} — install with: ${INSTALL_HINT}`)

// One service name per run, so runs never see each other's tokens; removed afterwards.
const service = `DataHub Console test ${process.pid}-${Date.now()}`
const open = () => createTokenVault({ service, entryOptions: LINUX_SECRET_SERVICE })
const rawToken = (profileId: string) => new AsyncEntry(service, `profile:${profileId}`, LINUX_SECRET_SERVICE).getPassword()

afterAll(async () => {
  if (!missing) await removeService(service)
})

describe('token vault and the OS keychain', () => {
  // Registered only when it must fail, so a complete machine reports no skipped test.
  if (missing && ci) {
    it('has a Secret Service to test against (CI=true makes a missing one a failure)', () => {
      throw new Error(`missing ${missing} — install with: ${INSTALL_HINT}`)
    })
  }

  describe.skipIf(Boolean(missing))(`the real keychain${missing ? ` (skipped: missing ${missing})` : ''}`, () => {
    it('keeps the token in the keychain, where the next start of the app finds it', async () => {
      const vault = await open()
      expect(vault.mode).toBe('keychain')
      await vault.set('embedded', 'tok-embedded-1')
      expect(await rawToken('embedded')).toBe('tok-embedded-1')
      const nextRun = await open()
      expect(await nextRun.get('embedded')).toBe('tok-embedded-1')
    })

    it('keeps one token per hub profile', async () => {
      const vault = await open()
      await vault.set('embedded', 'tok-a')
      await vault.set('prod', 'tok-b')
      const nextRun = await open()
      expect(await nextRun.get('embedded')).toBe('tok-a')
      expect(await nextRun.get('prod')).toBe('tok-b')
      expect(await nextRun.get('staging')).toBeNull()
    })

    it('removes the token from the keychain on clear', async () => {
      const vault = await open()
      await vault.set('embedded', 'tok-gone')
      await vault.clear('embedded')
      expect(await vault.get('embedded')).toBeNull()
      expect(await rawToken('embedded')).toBeNull()
      expect(await (await open()).get('embedded')).toBeNull()
    })

    it('finds the Secret Service with the app\'s own (unpinned) keyring choice', async () => {
      const vault = await createTokenVault({ service })
      expect(vault.mode).toBe('keychain')
      await vault.set('default-choice', 'tok-default')
      expect(await rawToken('default-choice')).toBe('tok-default')
      await vault.clear('default-choice')
    })

    it('leaves no probe entry behind', async () => {
      await open()
      const accounts = (await findCredentialsAsync(service)).map((c) => c.account)
      expect(accounts.filter((a) => !a.startsWith('profile:'))).toEqual([])
    })
  })

  describe('without a usable keychain', () => {
    const throwing = (message: string): KeyringModule => ({
      AsyncEntry: class {
        setPassword(): never {
          throw new Error(message)
        }
        getPassword(): never {
          throw new Error(message)
        }
        deletePassword(): never {
          throw new Error(message)
        }
      },
    })

    it('stand-in keyring that throws: keeps the token in memory for this run only and says why', async () => {
      const reasons: string[] = []
      const vault = await createTokenVault({ service, keyring: throwing('Object does not exist at path /org/freedesktop/secrets/collection/login'), onFallback: (r) => reasons.push(r) })
      expect(vault.mode).toBe('memory')
      expect(reasons).toEqual(['Object does not exist at path /org/freedesktop/secrets/collection/login'])
      await vault.set('embedded', 'tok-mem')
      expect(await vault.get('embedded')).toBe('tok-mem')
      await vault.clear('embedded')
      expect(await vault.get('embedded')).toBeNull()
      await vault.set('embedded', 'tok-mem-2')
      const nextRun = await createTokenVault({ service, keyring: throwing('still no keychain') })
      expect(await nextRun.get('embedded')).toBeNull()
    })

    it('stand-in keyring whose native module cannot load: memory mode', async () => {
      const unloadable: KeyringModule = {
        AsyncEntry: class {
          constructor() {
            throw new Error('Cannot find native binding')
          }
        } as unknown as KeyringModule['AsyncEntry'],
      }
      expect((await createTokenVault({ service, keyring: unloadable })).mode).toBe('memory')
    })

    it('stand-in keyring that fails after start (keychain locked later): the session survives in memory', async () => {
      let working = true
      const store = new Map<string, string>()
      const flaky: KeyringModule = {
        AsyncEntry: class {
          constructor(
            private s: string,
            private a: string,
          ) {}
          private check() {
            if (!working) throw new Error('collection is locked')
          }
          async setPassword(p: string) {
            this.check()
            store.set(this.s + this.a, p)
          }
          async getPassword() {
            this.check()
            return store.get(this.s + this.a) ?? null
          }
          async deletePassword() {
            this.check()
            return store.delete(this.s + this.a)
          }
        },
      }
      const reasons: string[] = []
      const vault = await createTokenVault({ service, keyring: flaky, onFallback: (r) => reasons.push(r) })
      expect(vault.mode).toBe('keychain')
      working = false
      await vault.set('embedded', 'tok-late')
      expect(vault.mode).toBe('memory')
      expect(reasons).toEqual(['collection is locked'])
      expect(await vault.get('embedded')).toBe('tok-late')
      expect([...store.values()]).not.toContain('tok-late')
    })
  })
})
