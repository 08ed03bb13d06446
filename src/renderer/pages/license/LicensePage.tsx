import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Card, makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components'
import { getLicese } from '../../../shared/contract/platform/startup'
import type { EndpointOutput } from '../../../shared/endpoint'
import { callHub } from '../../api/hub'
import { AppLink } from '../../components/AppLink'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'

type LicenceState = EndpointOutput<typeof getLicese>

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', backgroundColor: tokens.colorNeutralBackground2 },
  bar: { alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM },
  card: { width: '520px', maxWidth: '95%', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  grid: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
})

/**
 * The licence state (`platform.getLicese`): product names, code, expiry. Reached from the
 * licence error ('证书错误!' / 4060) by anyone, signed in or not. The full licence page (upload,
 * list) is a later issue.
 */
export default function LicensePage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const signedIn = useStore(sessionStore, (s) => s.status === 'signedIn')
  const [state, setState] = useState<LicenceState | null | 'failed'>(null)
  useEffect(() => {
    void callHub(getLicese, undefined, { quiet: true }).then((r) => setState(r.ok ? r.data : 'failed'))
  }, [])

  const badge = (s: LicenceState) =>
    s.valid ? (
      <Badge color="success">{t('license:state_valid')}</Badge>
    ) : s.enforced ? (
      <Badge color="danger">{t('license:state_invalid')}</Badge>
    ) : (
      <Badge color="informative">{t('license:state_not_enforced')}</Badge>
    )

  return (
    <main className={styles.page}>
      <div className={styles.bar}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <Title2 as="h1">{t('license:title')}</Title2>
        {state === null && <Spinner label={t('common:loading')} />}
        {state === 'failed' && <p>{t('license:load_failed')}</p>}
        {state && state !== 'failed' && (
          <>
            <div>{badge(state)}</div>
            {state.licence ? (
              <dl className={styles.grid}>
                <dt className={styles.term}>{t('license:product_name_cn')}</dt>
                <dd className={styles.value}>{state.licence.productNameCn}</dd>
                <dt className={styles.term}>{t('license:product_name_en')}</dt>
                <dd className={styles.value}>{state.licence.productNameEn}</dd>
                <dt className={styles.term}>{t('license:product_code')}</dt>
                <dd className={styles.value}>{state.licence.productCode}</dd>
                <dt className={styles.term}>{t('license:expired_date')}</dt>
                <dd className={styles.value}>{state.licence.expiredDate}</dd>
              </dl>
            ) : (
              <p>{t('license:none_installed')}</p>
            )}
          </>
        )}
        <AppLink to={signedIn ? '/' : '/login'}>{signedIn ? t('shell:back_home') : t('common:back_to_login')}</AppLink>
      </Card>
    </main>
  )
}
