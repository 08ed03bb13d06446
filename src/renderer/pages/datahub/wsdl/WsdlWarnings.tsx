import { useTranslation } from 'react-i18next'
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components'
import type { WsdlWarning } from '../../../../shared/contract/datahub/wsdl'

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, wordBreak: 'break-all' },
})

/** One line per reason (a Record, so a reason the contract adds cannot go without its text). */
const LINE: Record<WsdlWarning['reason'], string> = {
  httpStatus: 'wsdl:warning_httpStatus',
  unreachable: 'wsdl:warning_unreachable',
  notXml: 'wsdl:warning_notXml',
  urlInvalid: 'wsdl:warning_urlInvalid',
  tooManyRedirects: 'wsdl:warning_tooManyRedirects',
}

/**
 * What the hub had to leave out of a resolve (an imported schema it could not read): the
 * operations are usable, but the user should know why some parameter types are only names.
 */
export function WsdlWarnings({ warnings }: { warnings: readonly WsdlWarning[] }) {
  const { t } = useTranslation()
  const styles = useStyles()
  if (warnings.length === 0) return null
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        {t('wsdl:warnings_title')}
        <ul className={styles.list}>
          {warnings.map((w) => (
            <li key={w.url}>{t(LINE[w.reason], { url: w.url, status: w.status ?? '' })}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  )
}
