import { useTranslation } from 'react-i18next'

/** A value the hub stores in English words (object type, outcome, channel, level) in the console's language; unknown ones as they are. */
export function LogText({ prefix, value, suffix = '' }: { prefix: string; value: string; suffix?: string }) {
  const { t } = useTranslation()
  return (
    <>
      {t(`${prefix}${value}`, { defaultValue: value })}
      {suffix}
    </>
  )
}
