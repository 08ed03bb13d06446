import { DATA_VERSION_HEADERS, type DataVersions } from '../../shared/envelope'

type HeaderBag = Record<string, unknown>

/**
 * Remembers the data versions (language, dictionary, parameters) the hub last reported, sends
 * them back on each request (spec §7), and says when they moved so the console refetches only
 * the set that changed. Versions belong to one hub: a new base URL starts from nothing.
 */
export function createVersionTracker() {
  let hub: string | null = null
  let last: DataVersions | null = null

  return {
    /** Headers to send to `baseUrl`: the versions last seen from that hub, if any. */
    headersFor(baseUrl: string): Record<string, string> {
      if (hub !== baseUrl || !last) return {}
      return {
        [DATA_VERSION_HEADERS.lang]: last.lang,
        [DATA_VERSION_HEADERS.dict]: last.dict,
        [DATA_VERSION_HEADERS.param]: last.param,
      }
    },
    /**
     * Reads the versions from an answer's headers. Returns them with `changed` true when any
     * of them differs from what this hub said before (or nothing was known yet).
     */
    observe(baseUrl: string, headers: HeaderBag): { versions: DataVersions; changed: boolean } | null {
      const before = hub === baseUrl ? last : null
      const pick = (name: string, previous: string | undefined) => {
        const v = headers[name]
        return typeof v === 'string' && v !== '' ? v : previous
      }
      const lang = pick(DATA_VERSION_HEADERS.lang, before?.lang)
      const dict = pick(DATA_VERSION_HEADERS.dict, before?.dict)
      const param = pick(DATA_VERSION_HEADERS.param, before?.param)
      if (lang === undefined && dict === undefined && param === undefined) return null
      const versions: DataVersions = { lang: lang ?? '', dict: dict ?? '', param: param ?? '' }
      const changed = !before || before.lang !== versions.lang || before.dict !== versions.dict || before.param !== versions.param
      hub = baseUrl
      last = versions
      return { versions, changed }
    },
  }
}
export type VersionTracker = ReturnType<typeof createVersionTracker>
