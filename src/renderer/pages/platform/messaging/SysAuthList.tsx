import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { SYS_AUTH_PERMISSION } from '../../../../shared/contract/platform/messaging/permissions'
import { sysAuthList, sysAuthUpdateSecret, type SysAuth, type SysAuthWithSecret } from '../../../../shared/contract/platform/messaging/sysAuthentication'
import { invalidate, useHubMutation } from '../../../api/query'
import { ResourceDialog } from '../../../admin/ResourceDialog'
import { ResourceListPage } from '../../../admin/ResourceListPage'
import { useCan } from '../../../admin/usePermission'
import { useConfirm } from '../../../components/useConfirm'
import { SecretDialog } from './SecretDialog'
import { sysAuthResource } from './sysAuthResource'
import { spaceHanLatin } from '../../../i18n/hanSpacing'

/**
 * System authentications. The generic toolbar has no create button here: the page creates
 * through the same dialog, but keeps the answer, whose secret it shows once.
 */
export function SysAuthList({ header }: { header: ReactNode }) {
  const { t } = useTranslation()
  const can = useCan()
  const { confirm, dialog } = useConfirm()
  const [creating, setCreating] = useState(false)
  const [shown, setShown] = useState<{ appCode: string; secret: string } | null>(null)
  // The list asks again by itself after a renewal or a creation.
  const updateSecret = useHubMutation(sysAuthUpdateSecret, { invalidates: [sysAuthList] })
  const withCreate = useMemo(
    () =>
      sysAuthResource(async (row) => {
        if (!(await confirm({ title: t('messaging:renew_secret'), message: t('messaging:renew_confirm', { name: row.appCode }) }))) return
        const r = await updateSecret.run({ id: row.id })
        if (r.ok) setShown({ appCode: r.data.appCode, secret: r.data.secret })
      }),
    [confirm, t, updateSecret.run],
  )
  const listed = useMemo(() => ({ ...withCreate, endpoints: { ...withCreate.endpoints, create: undefined } }), [withCreate])
  return (
    <ResourceListPage
      definition={listed}
      header={
        <>
          {header}
          {can(SYS_AUTH_PERMISSION) && (
            <div>
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
                {spaceHanLatin(t('admin:create', { entity: t(withCreate.entity) }))}
              </Button>
            </div>
          )}
        </>
      }
    >
      {creating && (
        <ResourceDialog<SysAuth>
          definition={withCreate}
          onClose={() => setCreating(false)}
          onSaved={(record) => {
            setCreating(false)
            const created = record as SysAuthWithSecret
            setShown({ appCode: created.appCode, secret: created.secret })
            invalidate(sysAuthList)
          }}
        />
      )}
      {shown && <SecretDialog appCode={shown.appCode} secret={shown.secret} onClose={() => setShown(null)} />}
      {dialog}
    </ResourceListPage>
  )
}
