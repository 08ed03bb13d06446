import { useTranslation } from 'react-i18next'

/**
 * A seeded row's name in the console's language: the English name when the console is in
 * English and the row has one (roles, parameters, dictionaries seeded by the hub), else its one
 * name — rows people create have only that, shown in both languages.
 */
export const pickName = (language: string, zh: string, en: string | undefined): string => (language === 'en' && en ? en : zh)

export function LocalName({ zh, en }: { zh: string; en?: string }) {
  const { i18n } = useTranslation()
  return <>{pickName(i18n.language, zh, en)}</>
}

/** A list of such names (a user's roles), joined with the locale's separator. */
export function LocalNames({ zh, en }: { zh: string[]; en?: string[] }) {
  const { t, i18n } = useTranslation()
  const names = i18n.language === 'en' && en?.length === zh.length ? en : zh
  return <>{names.length ? names.join(t('common:list_separator')) : t('common:none')}</>
}
