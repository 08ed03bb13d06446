import { describe, expect, it } from 'vitest'
import { isMappingHeader } from './headerRow'

describe('the header row of a mapping workbook', () => {
  it('is recognised in both languages and the usual spellings', () => {
    const headers: [string, string][] = [
      ['流字段', '目标字段'],
      ['Stream field', 'Target field'],
      ['source field', 'target field'],
      ['Source Field', 'Target Field'],
      ['SOURCE_FIELD', 'TARGET_FIELD'],
      ['sourceFieldName', 'targetFieldName'],
      ['source-field-name', 'target field name'],
      ['Source', 'Target'],
      ['From', 'To'],
      ['  FROM ', 'To:'],
      ['Source column', 'Target column'],
      ['源字段', '目标字段'],
      ['源字段名', '目标字段名'],
      ['源列名', '目标列名'],
      ['ＳＯＵＲＣＥ　ＦＩＥＬＤ', 'ＴＡＲＧＥＴ　ＦＩＥＬＤ'],
      ['源字段（必填）', '目标字段（必填）'],
      ['Source field (stream)', 'Target field (table column)'],
      ['来源字段：', '目的字段：'],
    ]
    expect(headers.filter(([s, t]) => !isMappingHeader(s, t))).toEqual([])
  })

  it('is not a row of field names, nor a header in the wrong columns or half a header', () => {
    const rows: [string, string][] = [
      ['user_id', 'USER_ID'],
      ['source_id', 'target_id'],
      ['Target field', 'Source field'],
      ['source field', 'USER_ID'],
      ['user_name', 'target field'],
      ['', ''],
    ]
    expect(rows.filter(([s, t]) => isMappingHeader(s, t))).toEqual([])
  })
})
