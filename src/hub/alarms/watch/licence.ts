import { utcToday } from '../../../shared/licence/format'
import { licenceRepository } from '../../licence/licenceRepository'
import type { RuleSettings } from '../rules'
import type { Kysely } from 'kysely'
import type { HubDatabase } from '../../store/schema'
import { alarmDb } from '../tables'
import { settle, type Failing } from './conditions'
import { encodeText, keyed } from '../../text/keyedText'

const DAY_MS = 86_400_000

/**
 * licence_expiring: the installed licence (the newest upload) expires within the threshold in
 * days (or has expired): one incident per licence. It clears when another licence is installed,
 * or the installed one no longer expires that soon (the threshold was lowered).
 */
export async function checkLicence(store: Kysely<HubDatabase>, settings: RuleSettings, now: number): Promise<void> {
  if (!settings.enabled) return
  const db = alarmDb(store)
  const current = await licenceRepository.current(store)
  const horizon = utcToday(now + settings.threshold * DAY_MS)
  const expiring = current && current.expired_date <= horizon ? current : null
  const failing: Failing[] = expiring ? [{ type: 'licence', id: expiring.id, detail: encodeText(keyed('msg_exchange_alarm_licence', { productCn: expiring.product_name_cn, productEn: expiring.product_name_en, date: expiring.expired_date })) }] : []
  await settle(db, settings, failing, () => true, now)
}
