/**
 * Every vitest file. Testing Library waits 1 s for an element by default; on a busy two-core
 * machine (CI beside other jobs, `npm run test:stress`) a lazily loaded page or a fake hub answer
 * followed by a Fluent render can take several seconds to arrive, and a wait that is too short
 * fails a test for the machine's sake, not the console's. A missing element still fails, later.
 * Files do not lower this budget.
 *
 * Fluent's modal dialogs under jsdom: tabster does not activate a dialog's modalizer there (its
 * focusable search finds nothing, Fluent focuses the surface itself, and that activates nothing),
 * and ~250 ms after any DOM change it marks every inactive modalizer aria-hidden — for good, not
 * for a tick. A role query for a dialog or its content passes only if it happens to run inside
 * that window, which a busy machine closes (issue 20: `Unable to find role="alertdialog"`). Query them with `{ hidden: true }` (src/renderer/test/dialogs.ts); Chromium,
 * where the dialog is really focused, is covered end to end.
 */
import { configure } from '@testing-library/dom'

configure({ asyncUtilTimeout: 15_000 })
