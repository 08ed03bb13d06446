import { createContext, useContext } from 'react'

/**
 * View mode (spec: flags viewTopic / viewProducer / viewConsumer; "view mode disables every input
 * and tag removal"). The tabbed editor provides it; every field widget reads it, so a form cannot
 * forget one input. The editor also wraps its tabs in a disabled fieldset as a second guard.
 */
export const ViewOnlyContext = createContext(false)
export const useViewOnly = (): boolean => useContext(ViewOnlyContext)
