import { ALARM_CHANNEL_VALUE, type AlarmConfig } from '../../../shared/contract/datahub/common'

export type AlarmChannel = keyof typeof ALARM_CHANNEL_VALUE
export const ALARM_CHANNELS = Object.keys(ALARM_CHANNEL_VALUE) as AlarmChannel[]
export type AlarmEntry = AlarmConfig['objData'][number]

/**
 * The alarm configuration (spec §3, carried as JSON text in `alarm`): one entry per channel
 * (email 1, mobile 2, dingding 3, http 5) with its status and receivers, and the callback
 * settings (callbackStatus, callbackRule 1 after all consumers finish, 2 after each). Text that
 * is not such JSON reads as an empty configuration.
 */
export function parseAlarm(text: string): { objData: AlarmEntry[]; callbackData?: AlarmConfig['callbackData'] } {
  let parsed: Partial<AlarmConfig> = {}
  try {
    const value: unknown = text.trim() ? JSON.parse(text) : {}
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Partial<AlarmConfig>
  } catch {
    parsed = {}
  }
  const stored = Array.isArray(parsed.objData) ? parsed.objData : []
  const objData = ALARM_CHANNELS.map((type) => stored.find((e) => e?.type === type) ?? { type, status: '0', value: ALARM_CHANNEL_VALUE[type], receiver: '' })
  return parsed.callbackData ? { objData, callbackData: parsed.callbackData } : { objData }
}

export const serialiseAlarm = (config: ReturnType<typeof parseAlarm>): string => JSON.stringify(config)
