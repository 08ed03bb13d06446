import { makeStaticStyles, tokens, type Theme } from '@fluentui/react-components'

/** The theme colour of the ring: Fluent's own for its buttons, black on light, white on dark. */
export const RING_COLOUR: keyof Theme = 'colorStrokeFocus2'

const ring = `${tokens.strokeWidthThick} solid ${tokens[RING_COLOUR]}`

/**
 * Issue 44 item 7: every focusable control shows a ring that passes 3:1 (WCAG 1.4.11). Fluent's
 * text fields show only a thin brand underline when focused, and a plain link only its
 * underline; they get the same ring as Fluent's buttons (RING_COLOUR), which FocusRings.test.ts
 * measures in both modes and for any theme colour. Static: dialogs are portals outside the app's
 * own tree, the variables come from the provider's class on their mount node.
 */
export const useFocusRings = makeStaticStyles({
  '.fui-Input:focus-within, .fui-Textarea:focus-within, .fui-Select:focus-within, .fui-Combobox:focus-within, .fui-SpinButton:focus-within': {
    outline: ring,
    outlineOffset: '1px',
  },
  // Element and class: above Fluent Link's own outline: none (the same class-and-pseudo weight).
  'a.fui-Link:focus-visible, button.fui-Link:focus-visible, a:focus-visible': { outline: ring, outlineOffset: '1px', borderRadius: tokens.borderRadiusSmall },
})
