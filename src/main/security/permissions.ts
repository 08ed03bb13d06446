import { isSameOrigin } from './origin'

/**
 * Web permissions (camera, geolocation, notifications, USB, …): denied by default. The only
 * one granted is writing to the clipboard from the console's own page, which the copy buttons
 * (e.g. the one-time admin password, JSON payloads) need.
 */
const GRANTED_TO_APP = new Set(['clipboard-sanitized-write'])

export function permissionDecision(permission: string, requestingUrl: string | undefined, appOrigin: string): boolean {
  return GRANTED_TO_APP.has(permission) && requestingUrl !== undefined && isSameOrigin(requestingUrl, appOrigin)
}
