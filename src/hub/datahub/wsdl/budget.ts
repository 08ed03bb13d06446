import { WsdlFailure } from '../../kernel/outbound/failure'

/** How often the clock is read: often enough to stop soon after the deadline, rarely enough to cost nothing. */
const CLOCK_EVERY = 1024

/**
 * The work one resolve may do after its documents are loaded. Fetching is bounded by bytes and
 * time, but a few hundred kilobytes can describe millions of parameters (one type of thousands
 * of fields used by a thousand operations) or nest particles deeper than any stack: every step
 * of the resolver is counted, and past the budget or the resolve's deadline it stops with a
 * refusal instead of holding a thread for minutes.
 */
export class WorkBudget {
  private used = 0

  constructor(
    /** Steps allowed: schema particles walked, parameters and operations listed. */
    readonly maxSteps: number,
    /** Date.now() past which the resolve ends as a timeout. */
    private readonly deadline: number,
    /** The time budget, for the timeout's message. */
    private readonly seconds: number,
  ) {}

  spend(steps = 1): void {
    const before = this.used
    this.used += steps
    if (this.used > this.maxSteps) throw new WsdlFailure('tooComplex', { max: this.maxSteps })
    if (Math.floor(before / CLOCK_EVERY) !== Math.floor(this.used / CLOCK_EVERY) && Date.now() > this.deadline) {
      throw new WsdlFailure('timeout', { seconds: this.seconds })
    }
  }
}
