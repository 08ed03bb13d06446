import { z } from 'zod'

/** Spec §9: tags travel as one string joined by the full-width comma. */
export const TAG_SEPARATOR = '，'
export const TAGS_MAX = 1000

/** Trimmed, without empty entries and without repeats (first one kept): spec §5's tag rule. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const t of tags) {
    const tag = t.trim()
    if (tag !== '') seen.add(tag)
  }
  return [...seen]
}

export const splitTags = (joined: string): string[] => normaliseTags(joined.split(TAG_SEPARATOR))
export const joinTags = (tags: readonly string[]): string => normaliseTags(tags).join(TAG_SEPARATOR)

/** The wire field: a joined string, normalised on the way in. */
export const tagsRule = z
  .string()
  .max(TAGS_MAX, 'msg_tags_length')
  .default('')
  .transform((s) => joinTags(s.split(TAG_SEPARATOR)))
