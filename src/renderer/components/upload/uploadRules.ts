import { FILE_LIMITS, MB } from '../../../shared/rules/platform/userCentre/files'

/** The upload widget's defaults (spec part 2 §5, §9): 2000 files, 5 MB each. */
export const UPLOAD_DEFAULTS = { limit: FILE_LIMITS.fileMaxCount, maxSizeMB: FILE_LIMITS.fileMaxBytes / MB } as const

export interface Screened<F> {
  /** Files to upload. */
  accepted: F[]
  /** Files over the size limit, left out. */
  tooBig: F[]
  /** The choice would pass the count limit: nothing is taken (the warning shows the counts). */
  overLimit: { limit: number; selected: number; total: number } | null
}

/**
 * What the widget does with a choice of files: over the count limit, none of them is taken
 * (taking "the first few" would be a guess at which ones the user wanted); otherwise every file
 * within the size limit is taken and the others are named in the size message.
 */
export function screenFiles<F extends { size: number }>(files: readonly F[], options: { existing: number; limit: number; maxSizeMB: number }): Screened<F> {
  const total = options.existing + files.length
  if (total > options.limit) return { accepted: [], tooBig: [], overLimit: { limit: options.limit, selected: files.length, total } }
  const maxBytes = options.maxSizeMB * MB
  return { accepted: files.filter((f) => f.size <= maxBytes), tooBig: files.filter((f) => f.size > maxBytes), overLimit: null }
}
