import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emailServerList, emailServerSetDefault, type EmailServer } from '../../../../shared/contract/platform/messaging/emailServers'
import { useHubMutation } from '../../../api/query'
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
  // The list asks again by itself once the default changed.
  const setDefault = useHubMutation(emailServerSetDefault, { invalidates: [emailServerList] })
  const definition = useMemo(
    () =>
      emailServerResource({
        sendTestMail: setTesting,
        setDefault: async (row) => {
          if (!(await confirm({ title: t('messaging:set_default'), message: t('messaging:set_default_confirm', { name: `${row.account} (${row.host})` }) }))) return
          const r = await setDefault.run({ id: row.id })
          if (r.ok) showToast({ intent: 'success', message: t('messages:msg_success') })
        },
      }),
    [confirm, t, setDefault.run],
  )
  return (
    <ResourceListPage definition={definition}>
      {testing && <TestMailDialog server={testing} onClose={() => setTesting(null)} />}
      {dialog}
    </ResourceListPage>
  )
}
