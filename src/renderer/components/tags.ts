import { normaliseTags } from '../../shared/rules/datahub/tags'

export { joinTags, splitTags, TAG_SEPARATOR } from '../../shared/rules/datahub/tags'

/** Spec §5: "New tag added only if non-empty and not present." Returns the same list when refused. */
export function addTag(tags: readonly string[], candidate: string): readonly string[] {
  const tag = candidate.trim()
  // The separator inside a tag would split it in two once stored.
  if (!tag || tag.includes('，') || tags.includes(tag)) return tags
  return normaliseTags([...tags, tag])
}
