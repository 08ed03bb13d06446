import type { KeyringModule } from '../../src/main/services/tokenVault'

/**
 * A keyring module whose entries cannot be made: the token vault then keeps tokens in memory
 * for the run. For main-process tests against a real hub; the keychain has tests of its own.
 */
export const noKeychain: KeyringModule = {
  AsyncEntry: class {
    constructor() {
      throw new Error('no keychain (stand-in)')
    }
  } as unknown as KeyringModule['AsyncEntry'],
}
