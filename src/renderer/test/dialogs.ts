import { screen, waitFor, within } from '@testing-library/react'

/**
 * An open Fluent modal (role dialog or alertdialog) found whatever tabster's modalizer has done
 * to it under jsdom (tests/support/vitestSetup.ts explains why it is aria-hidden after ~250 ms
 * there): query inside it with `{ hidden: true }` too. Waits for the dialog to be in the DOM.
 */
export const findModal = (role: 'dialog' | 'alertdialog' = 'dialog') => screen.findByRole(role, { hidden: true })

/** The open modal of that role, or null; a check that none is open must not skip hidden ones. */
export const queryModal = (role: 'dialog' | 'alertdialog' = 'dialog') => screen.queryByRole(role, { hidden: true })

/**
 * The open question (alert dialog) with this title. Not a query by name: the alert dialog itself
 * may be the aria-hidden one under jsdom, and an aria-hidden element has no accessible name, so
 * `findByRole('alertdialog', { name })` misses it now and then. Found by its role attribute (quick
 * on a big page), then its title is checked; buttons inside answer to `{ hidden: true }` queries.
 */
export function findQuestion(title: string, timeout = 5_000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')
      if (!dialog) throw new Error('no question is open')
      const shown = within(dialog).getByRole('heading', { hidden: true }).textContent
      if (shown !== title) throw new Error(`the open question is "${shown}", not "${title}"`)
      return dialog
    },
    { timeout },
  )
}

/** Waits until no question is open (hidden ones included). */
export const questionGone = (timeout = 5_000) =>
  waitFor(
    () => {
      if (document.querySelector('[role="alertdialog"]')) throw new Error('a question is still open')
    },
    { timeout },
  )
