/**
 * Permission codes of the approval calls: the seeded menu codes (src/hub/store/seed/menuTree.ts).
 * Process definitions and the per-role approval switch are 'workflow:process', process types
 * 'workflow:processType'; the workbench (one's own tasks and submissions) 'workflow:workbench',
 * which the standard user role holds too: deciding a task one is assigned is no admin power.
 */
export const PROCESS_PERMISSION = 'workflow:process'
export const PROCESS_TYPE_PERMISSION = 'workflow:processType'
export const WORKBENCH_PERMISSION = 'workflow:workbench'
