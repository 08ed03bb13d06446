import type { Answer } from '../../support/hub'
import { DATA_VERSION_HEADERS, type DataVersions } from '../../../src/shared/envelope'

export { openCallBench, fieldKeys, refusal, type CallBench } from '../../support/bench'

let serial = 0
/** Letters only (dictionary types allow letters and underscores), unique in this run. */
export const freshLetters = (prefix: string, length = 12): string => {
  const n = serial++ + Date.now()
  const letters = [...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('')
  // Exactly `length` letters: the prefix, 'z' fill, then the part that differs.
  const unique = letters.slice(-10)
  return (prefix + unique.padStart(length - prefix.length, 'z')).slice(0, prefix.length) + unique.padStart(length - prefix.length, 'z').slice(-(length - prefix.length))
}

/** The data versions an answer carried, as the console's proxy reads them. */
export const versionsOf = (answer: Answer): DataVersions => ({
  lang: String(answer.headers[DATA_VERSION_HEADERS.lang]),
  dict: String(answer.headers[DATA_VERSION_HEADERS.dict]),
  param: String(answer.headers[DATA_VERSION_HEADERS.param]),
})
