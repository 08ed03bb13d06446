import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Avatar, Menu, MenuButton, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { KeyRegular, ServerRegular, SettingsRegular, SignOutRegular } from '@fluentui/react-icons'
import { HubProfilesDialog } from '../components/profiles/HubProfilesDialog'
import { useImageSrc } from '../components/upload/useImageSrc'
import { sessionStore } from '../state/session'
import { signOut } from '../state/signOut'
import { useStore } from '../state/store'
import { ChangePasswordDialog } from './ChangePasswordDialog'
import { PreferencesDialog } from './PreferencesDialog'

/** The signed-in user's menu: preferences, change password, hub connections, sign out. */
export function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useStore(sessionStore, (s) => s.user)
  // The avatar uploaded in personal settings (a stored file id); initials until it is loaded.
  const avatarSrc = useImageSrc(user?.avatar)
  const [dialog, setDialog] = useState<'preferences' | 'password' | 'profiles' | null>(null)
  const close = () => setDialog(null)
  const onSignOut = async () => {
    await signOut()
    navigate('/login', { replace: true })
  }
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton appearance="subtle" icon={<Avatar name={user?.name} size={24} image={avatarSrc ? { src: avatarSrc } : undefined} />} aria-label={t('shell:user_menu')}>
            {user?.name}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<SettingsRegular />} onClick={() => setDialog('preferences')}>
              {t('shell:preferences')}
            </MenuItem>
            <MenuItem icon={<KeyRegular />} onClick={() => setDialog('password')}>
              {t('shell:change_password')}
            </MenuItem>
            <MenuItem icon={<ServerRegular />} onClick={() => setDialog('profiles')}>
              {t('profiles:open')}
            </MenuItem>
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} onClick={() => void onSignOut()}>
              {t('shell:sign_out')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <PreferencesDialog open={dialog === 'preferences'} onClose={close} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={close} />
      <HubProfilesDialog open={dialog === 'profiles'} onClose={close} />
    </>
  )
}
