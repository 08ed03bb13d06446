import { useTranslation } from 'react-i18next'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'

/** A tab whose editor comes in a later issue: say so instead of showing an empty page. */
export function LaterVersionNote() {
  const { t } = useTranslation()
  return (
    <MessageBar intent="info">
      <MessageBarBody>{t('widgets:later_version')}</MessageBarBody>
    </MessageBar>
  )
}
