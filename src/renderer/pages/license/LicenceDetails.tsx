import { useTranslation } from 'react-i18next'
import { Badge, makeStyles, tokens } from '@fluentui/react-components'
import type { LicenceState } from '../../../shared/contract/platform/licence'
import { licenceStatus, utcToday } from '../../../shared/licence/format'
import { STATUS_BADGE } from './licenceBadges'

const useStyles = makeStyles({
  badges: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
})

/** The licence's state (valid, expired, invalid, none; enforced or not) and the fields of the spec. */
export function LicenceDetails({ state }: { state: LicenceState }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const status = STATUS_BADGE[licenceStatus(state, utcToday())]
  const { licence } = state
  const rows: [string, string | number | undefined][] = licence
    ? [
        [t('license:product_name_cn'), licence.productNameCn],
        [t('license:product_name_en'), licence.productNameEn],
        [t('license:product_code'), licence.productCode],
        [t('license:expired_date'), licence.expiredDate],
        [t('license:licensee'), licence.licensee],
        [t('license:hub_instance_limit'), licence.hubInstanceLimit],
      ]
    : []
  return (
    <>
      <div className={styles.badges} data-testid="licence-state">
        <Badge color={status.color}>{t(status.key)}</Badge>
        <Badge appearance="outline" color={state.enforced ? 'important' : 'informative'}>
          {state.enforced ? t('license:state_enforced') : t('license:state_not_enforced')}
        </Badge>
      </div>
      {licence ? (
        <dl className={styles.grid} data-testid="licence-details">
          {rows
            .filter(([, v]) => v !== undefined && v !== '')
            .flatMap(([term, v]) => [
              <dt key={`t-${term}`} className={styles.term}>{term}</dt>,
              <dd key={`v-${term}`} className={styles.value}>{v}</dd>,
            ])}
        </dl>
      ) : (
        <p>{t('license:none_installed')}</p>
      )}
    </>
  )
}
