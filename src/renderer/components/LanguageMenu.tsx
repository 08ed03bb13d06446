import { useTranslation } from 'react-i18next'
import { Menu, MenuButton, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components'
import { LocalLanguageRegular } from '@fluentui/react-icons'
import type { Locale } from '../../shared/locale'
import { setLocale } from '../state/preferences'

/** The language menu itself; loaded on demand by LanguageSwitch (it brings the popup positioning code). */
export default function LanguageMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation()
  const current: Locale = i18n.language === 'en' ? 'en' : 'zh-CN'
  const onChange: MenuProps['onCheckedValueChange'] = (_, { checkedItems }) => {
    const next = checkedItems[0]
    if (next === 'en' || next === 'zh-CN') void setLocale(next)
  }
  return (
    <Menu defaultOpen={defaultOpen} checkedValues={{ locale: [current] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance="subtle" icon={<LocalLanguageRegular />} aria-label={t('common:language_switch')}>
          {current === 'en' ? t('common:lang_en') : t('common:lang_zh')}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItemRadio name="locale" value="zh-CN">
            {t('common:lang_zh')}
          </MenuItemRadio>
          <MenuItemRadio name="locale" value="en">
            {t('common:lang_en')}
          </MenuItemRadio>
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
