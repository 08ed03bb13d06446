import { conflict, notFound } from '../../kernel/refusal'

/**
 * Refusals of the messaging area: a code and a message key (spec part 2 §8: "channel or
 * authentication does not exist"; "duplicates: channel name/code, template"; "default
 * channel, default email server cannot be deleted").
 */

// The catalogue has one "authentication does not exist" for every kind (the data hub's key).
export const authenticationNotFound = notFound('msg_authentication_not_found')
export const emailServerNotFound = notFound('msg_email_server_not_found')
export const emailTemplateNotFound = notFound('msg_email_template_not_found')
export const channelNotFound = notFound('msg_channel_not_found')

export const sysAuthAppDuplicate = conflict('msg_sysauth_app_duplicate')
export const pfAuthNameDuplicate = conflict('msg_pfauth_name_duplicate')
export const pfAuthDeleteEnabled = conflict('msg_authentication_delete_enabled')
export const emailServerDefaultDelete = conflict('msg_email_server_default_delete')
export const emailTemplateDuplicate = conflict('msg_email_template_duplicate')
export const channelCodeDuplicate = conflict('msg_channel_code_duplicate')
export const channelNameDuplicate = conflict('msg_channel_name_duplicate')
export const channelDefaultDelete = conflict('msg_channel_default_delete')

/** Test mail: the server could not be reached, refused the account, or refused the mail. */
export const mailUnreachable = conflict('msg_email_server_unreachable')
export const mailAuthFailed = conflict('msg_email_auth_failed')
export const mailRefused = conflict('msg_email_send_failed')

/** Another save moved the default in between (the one-default index refused this one). */
export { isUniqueViolation, versionStale } from '../../datahub/refusals'
