import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react'
import { makeStyles, mergeClasses, Title3, tokens } from '@fluentui/react-components'

/**
 * Issue 44 item 8: every page has one main heading, the h1 that focus moves to after a
 * navigation (shell/useHeadingFocus.ts). A page that draws its own title uses PageTitle; for the
 * others (most are lists drawn from a resource definition) the shell's PageHeadingScope supplies
 * one from the menu item's name. PageTitle tells the scope so, and the page never has two h1.
 */
type Claim = () => () => void
const HeadingClaim = createContext<Claim | null>(null)

/** What the focus mover looks for inside <main>. */
export const PAGE_HEADING_SELECTOR = 'h1[data-page-heading]'

const useStyles = makeStyles({
  // Focused from script, not a Tab stop (tabIndex -1); the ring shows where the keyboard now is.
  heading: { ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px', borderRadius: tokens.borderRadiusSmall } },
  // The scope's own heading repeats the breadcrumb's last item, so it is drawn only while focused,
  // like the skip link: over the breadcrumb row, not pushing the page down.
  supplied: {
    position: 'absolute',
    top: tokens.spacingVerticalXS,
    left: tokens.spacingHorizontalXL,
    zIndex: 1,
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    ':not(:focus-visible)': { clipPath: 'inset(50%)', width: '1px', height: '1px', overflow: 'hidden', whiteSpace: 'nowrap', padding: 0 },
  },
})

/** A page's own visible title: the page's h1. */
export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  const styles = useStyles()
  const claim = useContext(HeadingClaim)
  // Before paint: the scope's heading never shows beside this one, not even for a frame.
  useLayoutEffect(() => claim?.(), [claim])
  return (
    <Title3 as="h1" tabIndex={-1} data-page-heading="" className={mergeClasses(styles.heading, className)}>
      {children}
    </Title3>
  )
}

/** Around a page: its h1 from `name`, unless the page draws its own PageTitle. */
export function PageHeadingScope({ name, children }: { name: string; children: ReactNode }) {
  const styles = useStyles()
  const [claims, setClaims] = useState(0)
  const [claim] = useState<Claim>(() => () => {
    setClaims((n) => n + 1)
    return () => setClaims((n) => n - 1)
  })
  return (
    <HeadingClaim.Provider value={claim}>
      {claims === 0 && (
        <h1 tabIndex={-1} data-page-heading="" className={mergeClasses(styles.heading, styles.supplied)}>
          {name}
        </h1>
      )}
      {children}
    </HeadingClaim.Provider>
  )
}
