import { useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar, Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components'
import { ArrowUploadRegular } from '@fluentui/react-icons'
import { avatarUpload } from '../../../shared/contract/platform/userCentre/files'
import { FILE_LIMITS, hasImageExtension } from '../../../shared/rules/platform/userCentre/files'
import { showToast } from '../../api/signals'
import { uploadToHub } from '../../components/upload/uploadToHub'
import { useImageSrc } from '../../components/upload/useImageSrc'
import { sessionStore, setSessionUser } from '../../state/session'
import { useStore } from '../../state/store'
import { usePageStyles } from './pageStyles'

/**
 * The avatar: JPG or PNG under 2 MB (spec part 1 §5, its two messages), checked here before
 * anything is sent and again by the hub (which also looks at the content, not only the name).
 */
export function AvatarSection() {
  const { t } = useTranslation()
  const styles = usePageStyles()
  const user = useStore(sessionStore, (s) => s.user)
  const src = useImageSrc(user?.avatar)
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const onChoose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setError(null)
    if (!hasImageExtension(file.name)) return setError(t('messages:msg_uc_avatar_type'))
    if (file.size > FILE_LIMITS.avatarMaxBytes) return setError(t('messages:msg_uc_avatar_size'))
    setBusy(true)
    const r = await uploadToHub(avatarUpload, file)
    setBusy(false)
    if (!r.ok) return setError(r.message)
    setSessionUser(r.data)
    showToast({ intent: 'success', message: t('usercentre:settings_avatar_saved') })
  }

  return (
    <section className={styles.form} aria-label={t('usercentre:settings_avatar')}>
      <div className={styles.row}>
        <Avatar size={72} name={user?.name} image={src ? { src, alt: t('usercentre:settings_avatar_of', { name: user?.name ?? '' }) } : undefined} />
        <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => input.current?.click()}>
          {t('usercentre:settings_avatar_upload')}
        </Button>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-label={t('usercentre:settings_avatar_upload')}
          onChange={(e) => void onChoose(e)}
        />
      </div>
      <Text className={styles.muted}>{t('usercentre:settings_avatar_hint')}</Text>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  )
}
