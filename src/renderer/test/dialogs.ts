import { screen } from '@testing-library/react'

/**
 * An open Fluent modal (role dialog or alertdialog) found whatever tabster's modalizer has done
 * to it under jsdom (tests/support/vitestSetup.ts explains why it is aria-hidden after ~250 ms
 * there): query inside it with `{ hidden: true }` too. Waits for the dialog to be in the DOM.
 */
export const findModal = (role: 'dialog' | 'alertdialog' = 'dialog') => screen.findByRole(role, { hidden: true })

/** The open modal of that role, or null; a check that none is open must not skip hidden ones. */
export const queryModal = (role: 'dialog' | 'alertdialog' = 'dialog') => screen.queryByRole(role, { hidden: true })
