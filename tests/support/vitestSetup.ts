/**
 * Every vitest file. Testing Library waits 1 s for an element by default; a lazily loaded page
 * on a busy two-core machine can take longer to arrive than that, and a wait that is too short
 * fails a test for the machine's sake, not the console's. A missing element still fails, later.
 */
import { configure } from '@testing-library/dom'

configure({ asyncUtilTimeout: 5_000 })
