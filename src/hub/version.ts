import { version } from '../../package.json'

/** The hub's version is the project's: one number for console and hub. */
export const HUB_VERSION: string = version
