import { ResultCode } from '../../shared/envelope'
import { Refusal, conflict, notFound } from '../kernel/refusal'

/** The dashboards' and widgets' refusals: a code and a message key (locales messages.dashboards.json). */

export const widgetNotFound = notFound('msg_widget_not_found')
/** Also for a dashboard the caller may not see: whether it exists is not the caller's business. */
export const dashboardNotFound = notFound('msg_dashboard_not_found')

export const widgetInUse = conflict('msg_widget_in_use')
export const dashboardNotOwner = conflict('msg_dashboard_not_owner')
export const dashboardRoleUnknown = conflict('msg_dashboard_role_unknown')
export const dashboardWidgetTwice = conflict('msg_dashboard_widget_twice')
/** The widget asked for is not on a dashboard the caller sees. */
export const widgetNotShown = () => new Refusal(ResultCode.forbidden, 'msg_widget_not_shown')
export const widgetApiFailed = conflict('msg_widget_api_failed')
export const widgetApiRefused = conflict('msg_widget_api_refused')
export const widgetApiNotJson = conflict('msg_widget_api_not_json')
