/**
 * Permission codes of the alarm calls: the seeded menu codes (src/hub/store/seed/menuTree.ts).
 * Incidents are the alert centre's records ('alert:record'), the rules its jobs ('alert:job'),
 * notifications the message centre's sent messages ('message:record').
 */
export const INCIDENT_PERMISSION = 'alert:record'
export const ALARM_RULE_PERMISSION = 'alert:job'
export const NOTIFICATION_PERMISSION = 'message:record'
