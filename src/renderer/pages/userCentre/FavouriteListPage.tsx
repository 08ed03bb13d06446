import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Button, Field, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components'
import { DeleteRegular, OpenRegular, StarAddRegular } from '@fluentui/react-icons'
import type { Favourite } from '../../../shared/contract/platform/userCentre/favourites'
import { showToast } from '../../api/signals'
import { formatDateTime } from '../../components/formatDateTime'
import { useConfirm } from '../../components/useConfirm'
import { menuName } from '../../routing/menuRoutes'
import { sessionStore } from '../../state/session'
import { useStore } from '../../state/store'
import { menuPages } from './menuPages'
import { usePageStyles } from './pageStyles'
import { useFavourites } from './useFavourites'
import { PageTitle } from '../../components/PageHeading'

/**
 * User centre › favourites: the user's marked menu pages, newest first; each opens its page or
 * is removed after a confirmation. Pages are marked here by choosing one of the user's menu
 * pages (a page already marked is not offered; the hub refuses a duplicate anyway).
 */
export default function FavouriteListPage() {
  const { t, i18n } = useTranslation()
  const styles = usePageStyles()
  const navigate = useNavigate()
  const menus = useStore(sessionStore, (s) => s.menus)
  const pages = useMemo(() => menuPages(menus), [menus])
  const { items, loading, add, remove } = useFavourites()
  const { confirm, dialog } = useConfirm()
  const [choice, setChoice] = useState('')

  const marked = new Set(items.map((f) => f.menuId))
  const offered = pages.filter((p) => !marked.has(p.id))
  const nameOf = (f: Favourite) => menuName({ menuNameZh: f.menuName, menuNameEn: f.menuNameEn }, i18n.language)
  const pathOf = (f: Favourite) => pages.find((p) => p.id === f.menuId)?.path

  const onAdd = async () => {
    if (!choice) return
    if (await add(choice)) {
      setChoice('')
      showToast({ intent: 'success', message: t('usercentre:favourite_added') })
    }
  }
  const onRemove = async (f: Favourite) => {
    const name = nameOf(f)
    if (!(await confirm({ title: t('usercentre:favourite_remove_title'), message: t('usercentre:favourite_remove_confirm', { name }) }))) return
    if (await remove(f.id)) showToast({ intent: 'success', message: t('usercentre:favourite_removed') })
  }

  return (
    <div className={styles.root}>
      <PageTitle>{t('usercentre:favourite_title')}</PageTitle>
      <div className={styles.row}>
        <Field label={t('usercentre:favourite_add_label')}>
          <Select value={choice} onChange={(_, d) => setChoice(d.value)}>
            <option value="">{t('usercentre:favourite_pick')}</option>
            {offered.map((p) => (
              <option key={p.id} value={p.id}>
                {menuName(p.item, i18n.language)}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" icon={<StarAddRegular />} disabled={!choice} onClick={() => void onAdd()}>
          {t('usercentre:favourite_add')}
        </Button>
      </div>
      {loading ? (
        <Spinner label={t('widgets:loading')} />
      ) : items.length === 0 ? (
        <Text className={styles.muted}>{t('usercentre:favourite_empty')}</Text>
      ) : (
        <Table aria-label={t('usercentre:favourite_title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('usercentre:favourite_name')}</TableHeaderCell>
              <TableHeaderCell>{t('usercentre:favourite_created')}</TableHeaderCell>
              <TableHeaderCell>{t('usercentre:favourite_actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((f) => {
              const name = nameOf(f)
              const path = pathOf(f)
              return (
                <TableRow key={f.id}>
                  <TableCell>{name}</TableCell>
                  <TableCell>{formatDateTime(f.createdDate)}</TableCell>
                  <TableCell>
                    <Button
                      appearance="subtle"
                      icon={<OpenRegular />}
                      aria-label={t('usercentre:favourite_open', { name })}
                      title={path ? undefined : t('usercentre:favourite_unavailable')}
                      disabled={!path}
                      onClick={() => path && navigate(path)}
                    />
                    <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('usercentre:favourite_remove', { name })} onClick={() => void onRemove(f)} />
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
      {dialog}
    </div>
  )
}
