import { useTranslation } from 'react-i18next'
import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { licenceQuery, type Licence, type LicenceState } from '../../../shared/contract/platform/licence'
import { licenceStatus, utcToday } from '../../../shared/licence/format'
import { callHub } from '../../api/hub'
import { useHubLoad } from '../../api/query'
import { STATUS_BADGE, type LicenceBadge } from './licenceBadges'

/**
 * A stored licence's state: the current one (the newest upload) as the hub judges it; an older
 * one is expired when its day has passed, otherwise replaced by the newer upload.
 */
function rowState(row: Licence, current: LicenceState): LicenceBadge {
  if (row.id === current.licence?.id) return STATUS_BADGE[licenceStatus(current, utcToday())]
  return row.expiredDate < utcToday() ? STATUS_BADGE.expired : { color: 'informative', key: 'license:state_replaced' }
}

/**
 * Every licence installed on the hub (newest first), with its state; 'detail' opens one in the
 * page's detail above. Reloads when the current licence changes (an upload).
 */
export function InstalledLicences({ current, onDetail }: { current: LicenceState; onDetail: (id: string) => void }) {
  const { t, i18n } = useTranslation()
  // Asked again when the current licence changes (an upload through the main process).
  const list = useHubLoad([licenceQuery], current.licence?.id, () => callHub(licenceQuery, { pageNum: 1, pageSize: 100 }, { quiet: true }))
  const rows = list.error ? 'failed' : (list.data?.content ?? null)
  if (rows === null) return null
  if (rows === 'failed') return <p>{t('license:load_failed')}</p>
  return (
    <Table aria-label={t('license:installed')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('license:product')}</TableHeaderCell>
          <TableHeaderCell>{t('license:licensee')}</TableHeaderCell>
          <TableHeaderCell>{t('license:expired_date')}</TableHeaderCell>
          <TableHeaderCell>{t('license:hub_instance_limit')}</TableHeaderCell>
          <TableHeaderCell>{t('license:state')}</TableHeaderCell>
          <TableHeaderCell>{t('license:actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const state = rowState(row, current)
          return (
            <TableRow key={row.id}>
              <TableCell>{i18n.language === 'en' ? row.productNameEn : row.productNameCn}</TableCell>
              <TableCell>{row.licensee ?? ''}</TableCell>
              <TableCell>{row.expiredDate}</TableCell>
              <TableCell>{row.hubInstanceLimit ?? ''}</TableCell>
              <TableCell>
                <Badge color={state.color}>{t(state.key)}</Badge>
              </TableCell>
              <TableCell>
                <Button size="small" appearance="subtle" onClick={() => onDetail(row.id)}>
                  {t('license:detail')}
                </Button>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
