import { describe, expect, it } from 'vitest'
import { checkDeclaredCells, rangeArea } from './declaredCells'

const part = (name: string, text: string) => ({ name, bytes: new Uint8Array(Buffer.from(text)) })
const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    return (err as { messageKey?: string }).messageKey
  }
  return null
}

describe('cells a workbook declares', () => {
  it('measures ranges as SheetJS expands them', () => {
    expect(rangeArea('A1')).toBe(1)
    expect(rangeArea('B2:D10')).toBe(27)
    expect(rangeArea('$A$1:$B$2')).toBe(4)
    expect(rangeArea('A1:XFD1048576')).toBe(16_384 * 1_048_576)
    expect(rangeArea('A:A')).toBe(1_048_576)
    expect(rangeArea('3:4')).toBe(2 * 16_384)
    expect(rangeArea('not a range')).toBe(0)
  })

  it('counts cells, shared strings and hyperlink ranges, with or without a prefix, against the limit', () => {
    const sheet = (cells: number) => part('xl/worksheets/sheet1.xml', `<worksheet><sheetData><row>${'<c r="A1"><v>1</v></c>'.repeat(cells)}</row></sheetData></worksheet>`)
    expect(refusal(() => checkDeclaredCells([sheet(10)], 10))).toBeNull()
    expect(refusal(() => checkDeclaredCells([sheet(11)], 10))).toBe('msg_mapping_excel_unpacked_size')
    const prefixed = part('xl/worksheets/sheet1.xml', `<x:worksheet><x:sheetData>${'<x:c r="A1"/>'.repeat(11)}</x:sheetData></x:worksheet>`)
    expect(refusal(() => checkDeclaredCells([prefixed], 10))).toBe('msg_mapping_excel_unpacked_size')
    const strings = part('xl/sharedStrings.xml', `<sst>${'<si><t>x</t></si>'.repeat(11)}</sst>`)
    expect(refusal(() => checkDeclaredCells([strings], 10))).toBe('msg_mapping_excel_unpacked_size')
    const links = part('xl/worksheets/sheet1.xml', `<worksheet><hyperlinks><hyperlink ref="A1:B5" r:id="rId1"/><hyperlink location="x" ref='C1:C2'/></hyperlinks></worksheet>`)
    expect(refusal(() => checkDeclaredCells([links], 12))).toBeNull()
    expect(refusal(() => checkDeclaredCells([links], 11))).toBe('msg_mapping_excel_unpacked_size')
    // Look-alikes are not cells: charts' c: prefix, <cols>, closing tags.
    const chart = part('xl/charts/chart1.xml', `<c:chartSpace><c:chart><cols/></c:chart></c:chartSpace>`)
    expect(refusal(() => checkDeclaredCells([chart], 0))).toBeNull()
  })

  it('refuses the other formats SheetJS would read out of a zip', () => {
    expect(refusal(() => checkDeclaredCells([part('META-INF/manifest.xml', '<manifest/>')]))).toBe('msg_mapping_excel_invalid')
    expect(refusal(() => checkDeclaredCells([part('Index/Document.iwa', '')]))).toBe('msg_mapping_excel_invalid')
  })
})
