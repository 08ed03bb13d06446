/**
 * Permission codes of the data-hub calls: the menu's codes (src/hub/store/seed/menuTree.ts), so
 * a role that shows the page may also use it. Topic, producer and consumer calls belong to the
 * topic-flow page; version history to its own page.
 */
export const TOPIC_PERMISSION = 'datahub:topic'
export const VERSION_PERMISSION = 'datahub:versionBacktrack'
