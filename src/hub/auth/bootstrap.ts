import { chmod, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isStrongPassword } from '../../shared/rules/password'
import type { Store } from '../store'
import { isoNow, newId } from '../store/ids'
import { ADMIN_ROLE, roleId } from '../store/seed/roles'
import { DEFAULT_PREFERENCE } from '../platform/users'
import { generatePassword, hashPassword } from './passwords'
import { ensurePrivateDir } from '../kernel/privateFiles'

export const BOOTSTRAP_USERNAME = 'admin'
export const PASSWORD_FILE = 'initial-admin-password'

export const passwordFilePath = (dataDir: string): string => join(dataDir, PASSWORD_FILE)

export interface BootstrapOptions {
  dataDir: string
  /** HUB_ADMIN_PASSWORD: used instead of a generated one; must meet the password rule. */
  adminPassword?: string | null
  log?: (line: string) => void
}

/**
 * First start (no users at all): creates `admin` in the administrator role. There is no default
 * password: it is either the operator's HUB_ADMIN_PASSWORD or a generated one that is printed
 * once and written to <dataDir>/initial-admin-password (mode 0600) until the admin changes it.
 * Returns the generated password on the run that created it, else null.
 */
export async function bootstrapAdmin(store: Store, options: BootstrapOptions): Promise<string | null> {
  const { db } = store
  const given = options.adminPassword ?? null
  if (given !== null && !isStrongPassword(given)) {
    throw new Error('HUB_ADMIN_PASSWORD does not meet the password rule: 8-20 characters with an upper-case letter, a lower-case letter, a digit and a symbol')
  }
  // Sign-in trims the password it receives (spec §5), so such a password could never be typed.
  if (given !== null && given !== given.trim()) throw new Error('HUB_ADMIN_PASSWORD must not start or end with a space')
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (anyUser) return null

  const password = given ?? generatePassword()
  const file = passwordFilePath(options.dataDir)
  // The file first: if it cannot be written the user is not created and the password not lost.
  if (given === null) await writeSecretFile(file, password)

  const at = isoNow()
  const userId = newId()
  const created = await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('users')
      .values({
        id: userId,
        username: BOOTSTRAP_USERNAME,
        name: 'Administrator',
        password_hash: await hashPassword(password),
        avatar: null,
        status: '1',
        preference: JSON.stringify(DEFAULT_PREFERENCE),
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false
    const adminRole = await roleId(tx, ADMIN_ROLE)
    if (!adminRole) throw new Error(`the built-in role '${ADMIN_ROLE}' is missing`)
    await tx.insertInto('user_roles').values({ user_id: userId, role_id: adminRole }).execute()
    return true
  })

  if (!created) {
    // Another hub node sharing the database created the admin at the same moment.
    if (given === null) await rm(file, { force: true })
    return null
  }
  if (given !== null) {
    options.log?.(`Created user '${BOOTSTRAP_USERNAME}' with the password from HUB_ADMIN_PASSWORD.`)
    return null
  }
  options.log?.(`Created user '${BOOTSTRAP_USERNAME}' with the initial password: ${password}`)
  options.log?.(`(shown once; also in ${file} until the password is changed)`)
  return password
}

async function writeSecretFile(file: string, content: string): Promise<void> {
  ensurePrivateDir(join(file, '..'))
  // A leftover from an earlier database would keep its old mode: replace it.
  await rm(file, { force: true })
  await writeFile(file, `${content}\n`, { mode: 0o600, flag: 'wx' })
  await chmod(file, 0o600)
}

/** The initial password file has served its purpose once the admin chose a password. */
export async function forgetInitialPassword(dataDir: string): Promise<void> {
  await rm(passwordFilePath(dataDir), { force: true })
}
