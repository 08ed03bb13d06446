/**
 * Permission codes of the dashboard calls: the seeded menu codes (src/hub/store/seed/menuTree.ts).
 * 'dashboard:list' opens the dashboards (one's own and those shared with one's roles) and makes
 * one's own; 'dashboard:widget' composes widgets (their sources, queries, previews).
 */
export const DASHBOARD_PERMISSION = 'dashboard:list'
export const WIDGET_PERMISSION = 'dashboard:widget'
