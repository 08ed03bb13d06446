import { afterEach, describe, expect, it } from 'vitest'
import { translateMessage } from '../../../locales'
import { groupThousands } from '../../../locales/placeholders'
import { i18n, loadCatalogue } from '.'

/** Spec part 2 §9: "Thousands separator ','" — on every count the console and the hub write. */
describe('counts are written with thousands groups', () => {
  const before = i18n.language
  afterEach(() => i18n.changeLanguage(before))

  it.each(['zh-CN', 'en'] as const)('the console (%s): a list total and a plural count have their groups; a port or a row number does not', async (locale) => {
    await loadCatalogue(locale)
    await i18n.changeLanguage(locale)
    expect(i18n.t('widgets:pagination_total', { total: 1234567 })).toContain('1,234,567')
    expect(i18n.t('widgets:upload_count', { count: 12000, limit: 20000 })).toMatch(locale === 'en' ? /^12,000 \/ 20000 files$/ : /^12,000 \/ 20000 个文件$/)
    expect(i18n.t('workflow:version_n', { n: 1234 })).toBe('v1234')
  })

  it.each(['zh-CN', 'en'] as const)('the hub (%s): a count in a message has its groups', (locale) => {
    expect(translateMessage(locale, 'msg_widget_in_use', { count: 4321 })).toContain('4,321')
    // Not a count: left as the caller gave it.
    expect(translateMessage(locale, 'msg_exchange_record_not_object', { n: 12345 })).toContain('12345')
  })

  it('64-bit counts and decimals keep every digit', () => {
    expect(groupThousands(9007199254740993n)).toBe('9,007,199,254,740,993')
    expect(groupThousands('9007199254740993')).toBe('9,007,199,254,740,993')
    expect(groupThousands(1234.5)).toBe('1,234.5')
    expect(groupThousands(-1000)).toBe('-1,000')
    expect(groupThousands(999)).toBe('999')
  })
})
