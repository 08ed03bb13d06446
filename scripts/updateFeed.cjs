/**
 * Parent configuration of electron-builder.yml (its `extends`): what comes from the environment at
 * build time — signing and notarisation (below), and the auto-update feed. With DATAHUB_UPDATE_URL set (an https:// folder where the release's
 * latest*.yml and installers are uploaded), electron-builder writes it into the app's
 * app-update.yml and electron-updater checks it; without, the app has no feed and never checks.
 * DATAHUB_UPDATE_CHANNEL picks the channel ('latest' by default, or 'beta').
 */
module.exports = () => ({ ...signing(process.env, (line) => console.log(line)), ...feed() })

/**
 * Code signing and notarisation come from the environment (electron-builder reads the variables
 * itself): Windows and macOS signing from CSC_LINK / CSC_KEY_PASSWORD (WIN_CSC_LINK for Windows
 * alone), notarisation from APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER (or APPLE_ID,
 * APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID). What is absent is skipped, with a line saying so.
 */
function signing(env, say) {
  const has = (...names) => names.every((n) => (env[n] ?? '').trim() !== '')
  const signs = has('CSC_LINK') || has('WIN_CSC_LINK')
  const notarises = has('APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') || has('APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID')
  if (!signs) say('signing: skipped — CSC_LINK (or WIN_CSC_LINK) is not set, the installers are unsigned')
  if (!notarises) say('notarisation: skipped — APPLE_API_KEY, APPLE_API_KEY_ID and APPLE_API_ISSUER are not set')
  return { mac: { notarize: notarises } }
}
module.exports.signing = signing

function feed() {
  const url = (process.env.DATAHUB_UPDATE_URL ?? '').trim()
  if (!url) return {}
  if (!/^https:\/\//i.test(url)) throw new Error(`DATAHUB_UPDATE_URL must be an https:// URL (updates over plain http can be tampered with): ${url}`)
  const channel = (process.env.DATAHUB_UPDATE_CHANNEL ?? 'latest').trim()
  if (!['latest', 'beta'].includes(channel)) throw new Error(`DATAHUB_UPDATE_CHANNEL must be latest or beta: ${channel}`)
  return { publish: [{ provider: 'generic', url, channel }] }
}
