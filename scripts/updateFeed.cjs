/**
 * Parent configuration of electron-builder.yml (its `extends`): the auto-update feed, from the
 * environment at build time. With DATAHUB_UPDATE_URL set (an https:// folder where the release's
 * latest*.yml and installers are uploaded), electron-builder writes it into the app's
 * app-update.yml and electron-updater checks it; without, the app has no feed and never checks.
 * DATAHUB_UPDATE_CHANNEL picks the channel ('latest' by default, or 'beta').
 */
module.exports = () => {
  const url = (process.env.DATAHUB_UPDATE_URL ?? '').trim()
  if (!url) return {}
  if (!/^https:\/\//i.test(url)) throw new Error(`DATAHUB_UPDATE_URL must be an https:// URL (updates over plain http can be tampered with): ${url}`)
  const channel = (process.env.DATAHUB_UPDATE_CHANNEL ?? 'latest').trim()
  if (!['latest', 'beta'].includes(channel)) throw new Error(`DATAHUB_UPDATE_CHANNEL must be latest or beta: ${channel}`)
  return { publish: [{ provider: 'generic', url, channel }] }
}
