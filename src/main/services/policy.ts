import { join, win32 } from 'node:path'
import { z } from 'zod'
import { updateSettingsSchema } from './updates'

/**
 * Machine-wide presets IT puts on every desktop (issue 38), in the OS's conventional place for
 * them — read-only to the people who use the console:
 *   Windows  %ProgramData%\DataHub Console\policy.json
 *   macOS    /Library/Application Support/DataHub Console/policy.json
 *   Linux    /etc/datahub-console/policy.json
 *
 * {
 *   "profiles": [{ "id": "corp", "name": "Corporate hub", "baseUrl": "https://hub.corp.example" }],
 *   "currentProfile": "corp",     the hub a new console starts on
 *   "lockProfiles": true,         only these hubs: no embedded hub, no profiles of one's own
 *   "updates": { "enabled": false } | { "feedUrl": "https://…", "channel": "latest" | "beta" }
 * }
 *
 * Every key is optional. A policy's profiles are shown as managed and cannot be edited or removed
 * in the console; `updates` wins over the settings file and the build's feed.
 */
export const managedProfileSchema = z
  .object({
    id: z.string().min(1).max(64).regex(/^[\w.-]+$/),
    name: z.string().trim().min(1).max(100),
    // Only http(s): the token is sent to this address.
    baseUrl: z.url({ protocol: /^https?$/ }).max(1000).transform((u) => u.replace(/\/+$/, '')),
  })
  .strict()

export const policySchema = z
  .object({
    profiles: z.array(managedProfileSchema).max(50).optional(),
    currentProfile: z.string().min(1).optional(),
    lockProfiles: z.boolean().optional(),
    updates: updateSettingsSchema.optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const ids = (p.profiles ?? []).map((x) => x.id)
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['profiles'], message: 'two profiles share an id' })
    if (ids.includes('embedded')) ctx.addIssue({ code: 'custom', path: ['profiles'], message: "'embedded' is the embedded hub's id" })
    const allowed = p.lockProfiles ? ids : [...ids, 'embedded']
    if (p.currentProfile !== undefined && !allowed.includes(p.currentProfile)) ctx.addIssue({ code: 'custom', path: ['currentProfile'], message: `'${p.currentProfile}' is none of the policy's profiles` })
    if (p.lockProfiles && ids.length === 0) ctx.addIssue({ code: 'custom', path: ['lockProfiles'], message: 'locking needs at least one profile' })
  })
export type Policy = z.infer<typeof policySchema>

/** What the console learns of the policy: whether one applies, and why a file present was not applied. */
export interface PolicyRead {
  path: string
  policy: Policy | null
  /** The file is there but unreadable or invalid: nothing of it applies, and the console says why. */
  error: string | null
}

/** Where the policy file is on `platform`. */
export function policyFilePath(platform: string, env: Record<string, string | undefined>): string {
  if (platform === 'win32') return win32.join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'DataHub Console', 'policy.json')
  if (platform === 'darwin') return join('/Library/Application Support', 'DataHub Console', 'policy.json')
  return join('/etc', 'datahub-console', 'policy.json')
}

/** Reads the policy file: none there is no policy; one that cannot be read or is invalid applies nothing and says why. */
export function readPolicy(path: string, readFile: (path: string) => string): PolicyRead {
  let text: string
  try {
    text = readFile(path)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, policy: null, error: null }
    return { path, policy: null, error: `${path}: ${code ?? String(err)}` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return { path, policy: null, error: `${path}: ${err instanceof Error ? err.message : String(err)}` }
  }
  const parsed = policySchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { path, policy: null, error: `${path}: ${issue.path.join('.') || '(file)'}: ${issue.message}` }
  }
  return { path, policy: parsed.data, error: null }
}

export const NO_POLICY: PolicyRead = { path: '', policy: null, error: null }
