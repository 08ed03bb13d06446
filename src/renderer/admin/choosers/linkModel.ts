import { referenceStore } from '../../state/reference'
import { useStore } from '../../state/store'

/**
 * The spec's link-model parameter `user.link.model`: '1' shows positions as a tree (position
 * chooser and list), '2' makes the organisation and position filters exclude each other (a
 * position belongs to organisations: filtering by both would narrow to an intersection nobody
 * asked for). Read live from the parameters the console has loaded.
 */
export const LINK_MODEL_PARAMETER = 'user.link.model'
export const useLinkModel = (): string => useStore(referenceStore, (s) => s.parameters[LINK_MODEL_PARAMETER] ?? '')
