import { fileContent } from '../../../shared/contract/platform/userCentre/files'
import { callHub } from '../../api/hub'
import { useHubLoad } from '../../api/query'

/** Images already fetched, by file id: stored files never change, so one fetch per id is enough. */
const cache = new Map<string, string>()

/**
 * A data: URL of a stored image (an avatar), or undefined while loading, without an id, or when
 * the hub cannot give it (the caller then shows its fallback, e.g. initials). The renderer never
 * holds the token, so it cannot point an <img> at file/get; it asks for the content instead.
 */
export function useImageSrc(fileId: string | null | undefined): string | undefined {
  const known = fileId ? cache.get(fileId) : undefined
  const loaded = useHubLoad(
    [fileContent],
    fileId,
    async () => {
      const r = await callHub(fileContent, { id: fileId ?? '' }, { quiet: true })
      if (!r.ok) return r
      const url = `data:${r.data.contentType};base64,${r.data.base64}`
      // Kept even when the avatar changed meanwhile: the next one to show it needs no call.
      if (fileId) cache.set(fileId, url)
      return { ...r, data: url }
    },
    // Another file starts from nothing: never the previous person's picture.
    { enabled: !!fileId && !known, keepPrevious: false },
  )
  return fileId ? (known ?? loaded.data) : undefined
}
