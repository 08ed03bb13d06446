import { useTranslation } from 'react-i18next'
import { makeStyles, Table, TableBody, TableCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { ConsumerResult } from '../../../../shared/contract/datahub/simulate'
import { CodeText } from '../../../components/code/CodeText'
import { DbLinkRows } from './DbLinkRows'
import { StepSection } from './StepSection'

const useStyles = makeStyles({
  consumer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingLeft: tokens.spacingHorizontalL, borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}` },
  title: { fontWeight: tokens.fontWeightSemibold },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** One consumer's steps: its post-processing, then what its type would send or write (never sent). */
export function ConsumerSteps({ result }: { result: ConsumerResult }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const name = result.applicationName || result.consumerId
  const title = t('simulate:consumer_title', { name, type: result.dataConsumeType })
  const { postProcess, delivery } = result
  return (
    <div className={styles.consumer} role="group" aria-label={title}>
      <Text className={styles.title}>{title}</Text>
      <StepSection title={t('simulate:step_post')} step={postProcess} label={`${title} · ${t('simulate:step_post')}`}>
        {postProcess.enabled && <Text className={styles.muted}>{t('simulate:processor', { type: postProcess.type })}</Text>}
        {postProcess.output && <CodeText text={postProcess.output.text} label={t('simulate:output')} />}
      </StepSection>
      <StepSection title={t('simulate:step_delivery')} step={delivery} label={`${title} · ${t('simulate:step_delivery')}`}>
        {delivery.http && (
          <>
            <Text className={styles.mono}>
              {delivery.http.method} {delivery.http.url}
            </Text>
            <Headers headers={delivery.http.headers} />
            {delivery.http.body === null ? <Text className={styles.muted}>{t('simulate:request_no_body')}</Text> : <CodeText text={delivery.http.body} label={t('simulate:request_body')} />}
          </>
        )}
        {delivery.webService && (
          <>
            <Text className={styles.mono}>
              {t('simulate:soap_address')}: POST {delivery.webService.address}
            </Text>
            <Headers headers={delivery.webService.headers} />
            <CodeText text={delivery.webService.envelope} label={t('simulate:soap_envelope')} />
          </>
        )}
        {delivery.dbLink && <DbLinkRows dbLink={delivery.dbLink} />}
      </StepSection>
    </div>
  )
}

function Headers({ headers }: { headers: readonly (readonly [string, string])[] }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Table size="extra-small" aria-label={t('simulate:request_headers')}>
      <TableBody>
        {headers.map(([name, value], i) => (
          <TableRow key={i}>
            <TableCell className={styles.mono}>{name}</TableCell>
            <TableCell className={styles.mono}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
