import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emailServerSetDefault, type EmailServer } from '../../../../shared/contract/platform/messaging/emailServers'
import { callHub } from '../../../api/hub'
import { showToast } from '../../../api/signals'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import { useConfirm } from '../../../components/useConfirm'
import type { PageProps } from '../../pageTypes'
import { emailServerResource } from './emailServerResource'
import { TestMailDialog } from './TestMailDialog'

/** Email servers (menu route EmailServerList): the generic list plus set-default and the test-mail dialog. */
export default function EmailServerListPage(_: PageProps) {
  const { t } = useTranslation()
  const { confirm, dialog } = useConfirm()
  const [testing, setTesting] = useState<EmailServer | null>(null)
  const [version, setVersion] = useState(0)
  const definition = useMemo(
    () =>
      emailServerResource({
        sendTestMail: setTesting,
        setDefault: async (row) => {
          if (!(await confirm({ title: t('messaging:set_default'), message: t('messaging:set_default_confirm', { name: `${row.account} (${row.host})` }) }))) return
          const r = await callHub(emailServerSetDefault, { id: row.id })
          if (!r.ok) return
          showToast({ intent: 'success', message: t('messages:msg_success') })
          setVersion((v) => v + 1)
        },
      }),
    [confirm, t],
  )
  return (
    <ResourceListPage definition={definition} reloadKey={version}>
      {testing && <TestMailDialog server={testing} onClose={() => setTesting(null)} />}
      {dialog}
    </ResourceListPage>
  )
}
