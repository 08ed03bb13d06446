import { useTranslation } from 'react-i18next'
import { makeStyles, tokens } from '@fluentui/react-components'

/** The id of the console's <main>: the skip link's target. */
export const MAIN_ID = 'main-content'

const useStyles = makeStyles({
  // Off screen until focused, then over the title bar's corner (WCAG 2.4.1, bypass blocks).
  link: {
    position: 'absolute',
    left: tokens.spacingHorizontalS,
    top: '-100px',
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalS, outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
})

/**
 * Issue 44 item 8: the first Tab of every signed-in page offers to skip the title bar and the
 * navigation tree (新增消息主题 was the 14th Tab). Focus moves into the page itself.
 */
export function SkipLink() {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <a
      className={styles.link}
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // The router would take the hash as a navigation: move focus instead.
        e.preventDefault()
        document.getElementById(MAIN_ID)?.focus()
      }}
    >
      {t('shell:skip_to_content')}
    </a>
  )
}
