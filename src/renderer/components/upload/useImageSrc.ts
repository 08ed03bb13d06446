import { useEffect, useState } from 'react'
import { fileContent } from '../../../shared/contract/platform/userCentre/files'
import { callHub } from '../../api/hub'

/** Images already fetched, by file id: stored files never change, so one fetch per id is enough. */
const cache = new Map<string, string>()

/**
 * A data: URL of a stored image (an avatar), or undefined while loading, without an id, or when
 * the hub cannot give it (the caller then shows its fallback, e.g. initials). The renderer never
 * holds the token, so it cannot point an <img> at file/get; it asks for the content instead.
 */
export function useImageSrc(fileId: string | null | undefined): string | undefined {
  const [src, setSrc] = useState<string | undefined>(() => (fileId ? cache.get(fileId) : undefined))
  useEffect(() => {
    if (!fileId) return setSrc(undefined)
    const known = cache.get(fileId)
    if (known) return setSrc(known)
    let live = true
    setSrc(undefined)
    void callHub(fileContent, { id: fileId }, { quiet: true }).then((r) => {
      if (!r.ok) return
      const url = `data:${r.data.contentType};base64,${r.data.base64}`
      cache.set(fileId, url)
      if (live) setSrc(url)
    })
    return () => {
      live = false
    }
  }, [fileId])
  return src
}
