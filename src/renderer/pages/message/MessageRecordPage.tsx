import { useTranslation } from 'react-i18next'
import type { PageProps } from '../pageTypes'
import { MessageCentre } from './MessageCentre'

/** 发送记录 (menu 'message.record', component MessageRecordList): every notice the hub sent or will send, this week first. */
export default function MessageRecordPage(_: PageProps) {
  const { t } = useTranslation()
  return <MessageCentre preset={{}} intro={t('alarms:record_intro')} />
}
