import { translateMessage } from '../../../../locales'
import { LOCALES } from '../../../shared/locale'

/**
 * Whether the first row of a mapping workbook is a header rather than a mapping. People type
 * their own: "Source Field", "source_field", "SOURCE FIELD NAME", "源字段", "From", "源列名"… so
 * texts are compared folded — full-width letters made plain (NFKC), letter case, spaces,
 * underscores, hyphens, dots, colons and a trailing "(…)" note left out — against the template's
 * own texts in every language, the spec's field names and the usual words for the two columns.
 * Both cells must read as a header, each of its own column: a mapping "from" → "to" would need
 * both to be header words at once, and the import preview shows the row as skipped either way.
 */

const fold = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[(（][^()（）]*[)）]\s*$/u, '')
    .replace(/[\s_\-.:：*]/gu, '')

/** Words for the source column, folded; the template's texts are added per language. */
const SOURCE_WORDS = [
  'sourcefieldname', 'sourcefield', 'sourcefields', 'source', 'sourcename', 'sourcecolumn', 'sourcecolumnname', 'sourcekey', 'sourceattribute',
  'srcfield', 'src', 'srccolumn', 'streamfield', 'streamfieldname', 'stream', 'from', 'fromfield', 'fromcolumn', 'inputfield', 'originfield', 'original', 'originalfield',
  '源字段', '源字段名', '源字段名称', '源', '源列', '源列名', '来源字段', '来源', '原字段', '原始字段', '流字段', '流字段名', '数据流字段', '输入字段', '源属性',
]
const TARGET_WORDS = [
  'targetfieldname', 'targetfield', 'targetfields', 'target', 'targetname', 'targetcolumn', 'targetcolumnname', 'targetkey', 'targetattribute',
  'destfield', 'dest', 'destination', 'destinationfield', 'destinationcolumn', 'to', 'tofield', 'tocolumn', 'outputfield', 'mappedfield', 'mappedto',
  '目标字段', '目标字段名', '目标字段名称', '目标', '目标列', '目标列名', '目的字段', '目的', '映射字段', '输出字段', '目标属性',
]

let words: { source: Set<string>; target: Set<string> } | null = null
const headerWords = () =>
  (words ??= {
    source: new Set([...SOURCE_WORDS, ...LOCALES.map((l) => fold(translateMessage(l, 'msg_mapping_template_source')))]),
    target: new Set([...TARGET_WORDS, ...LOCALES.map((l) => fold(translateMessage(l, 'msg_mapping_template_target')))]),
  })

/** Whether (source, target) reads as the header of the two columns, in either language. */
export function isMappingHeader(source: string, target: string): boolean {
  const { source: s, target: t } = headerWords()
  return s.has(fold(source)) && t.has(fold(target))
}
