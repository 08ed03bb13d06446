/**
 * The seeded menu: every module the two spec documents name, in the order an administrator
 * meets them. Modules known only by label (master data, message and alert centres, knowledge,
 * documents, measurement, workflow, dashboards) get their pages too, so roles can be granted
 * them now; the console shows what it has for each.
 *
 * A page's `route` names its client route and is also its component name; the console resolves
 * it per application code (`appCode`), platform pages under 'common'. Permission codes are
 * `<module>` for a module and `<module>:<page>` below it. Icons are Fluent UI icon names.
 */
export interface MenuNode {
  /** Stable and unique: the seeded row's id derives from it. */
  key: string
  zh: string
  en: string
  icon: string
  permission: string
  page?: { route: string; path: string }
  children?: MenuNode[]
}
export interface MenuModule extends MenuNode {
  appCode: string
}

const page = (key: string, zh: string, en: string, icon: string, permission: string, route: string, path: string): MenuNode => ({
  key, zh, en, icon, permission, page: { route, path },
})
const group = (key: string, zh: string, en: string, icon: string, permission: string, children: MenuNode[]): MenuNode => ({
  key, zh, en, icon, permission, children,
})

export const HOME_PERMISSION = 'home'
/** The workbench (issue 19): every user may decide the approval tasks given to them. */
export const WORKFLOW_PERMISSION = 'workflow'
export const WORKBENCH_PERMISSION = 'workflow:workbench'
export const USER_CENTRE_PERMISSION = 'usercenter'

export const menuTree: MenuModule[] = [
  { appCode: 'common', ...page('home', '首页', 'Home', 'HomeRegular', HOME_PERMISSION, 'Home', '/') },
  {
    appCode: 'datahub',
    ...group('datahub', '数据中心', 'Data hub', 'DataUsageRegular', 'datahub', [
      page('datahub.topic', '消息主题', 'Topic flows', 'FlowchartRegular', 'datahub:topic', 'TopicList', '/datahub/topic'),
      page('datahub.datasource', '数据源', 'Data sources', 'DatabaseRegular', 'datahub:datasource', 'DataSourceList', '/datahub/datasource'),
      page('datahub.authentication', 'API 认证', 'API authentication', 'KeyRegular', 'datahub:authentication', 'AuthenticationList', '/datahub/authentication'),
      page('datahub.messageLog', '消息日志', 'Message logs', 'DocumentTextRegular', 'datahub:messageLog', 'MessageLogList', '/datahub/message-log'),
      page('datahub.versionBacktrack', '版本记录', 'Version history', 'HistoryRegular', 'datahub:versionBacktrack', 'VersionBacktrackList', '/datahub/version-backtrack'),
      // Issue 18: only the administrator role gets it (roles.ts gives that role every new code).
      page('datahub.promotion', '配置迁移', 'Configuration promotion', 'ArrowSwapRegular', 'datahub:promotion', 'ConfigPromotion', '/datahub/promotion'),
    ]),
  },
  {
    appCode: 'common',
    ...group('platform', '平台管理', 'Platform administration', 'SettingsRegular', 'platform', [
      group('platform.people', '组织人员', 'Organisation and people', 'PeopleRegular', 'platform:people', [
        page('platform.user', '用户管理', 'Users', 'PersonRegular', 'platform:user', 'UserList', '/platform/user'),
        page('platform.role', '角色管理', 'Roles', 'ShieldPersonRegular', 'platform:role', 'RoleList', '/platform/role'),
        page('platform.position', '岗位管理', 'Positions', 'BriefcaseRegular', 'platform:position', 'PositionList', '/platform/position'),
        page('platform.org', '组织管理', 'Organisations', 'OrganizationRegular', 'platform:org', 'OrgList', '/platform/org'),
      ]),
      group('platform.system', '系统配置', 'System settings', 'WrenchRegular', 'platform:system', [
        page('platform.menu', '菜单管理', 'Menus', 'NavigationRegular', 'platform:menu', 'MenuList', '/platform/menu'),
        page('platform.dictionaryType', '字典类型', 'Dictionary types', 'BookRegular', 'platform:dictionaryType', 'DictionaryTypeList', '/platform/dictionary-type'),
        page('platform.dictionaryData', '字典数据', 'Dictionary data', 'BookNumberRegular', 'platform:dictionaryData', 'DictionaryDataList', '/platform/dictionary-data'),
        page('platform.i18n', '多语言', 'Languages', 'LocalLanguageRegular', 'platform:i18n', 'I18nList', '/platform/i18n'),
        page('platform.langType', '语言类型', 'Language types', 'GlobeRegular', 'platform:langType', 'LangTypeList', '/platform/lang-type'),
        page('platform.parameter', '系统参数', 'Parameters', 'OptionsRegular', 'platform:parameter', 'ParameterList', '/platform/parameter'),
        // Spec part 1 §2: the licence list is the route named LicenseList.
        page('platform.licence', '证书管理', 'Licences', 'CertificateRegular', 'platform:licence', 'LicenseList', '/platform/licence'),
        page('platform.skin', '皮肤管理', 'Skin management', 'PaintBrushRegular', 'platform:skin', 'SkinSettings', '/platform/skin'),
      ]),
      group('platform.apps', '应用管理', 'Applications', 'AppsRegular', 'platform:apps', [
        page('platform.application', '应用列表', 'Application list', 'WindowRegular', 'platform:application', 'ApplicationList', '/platform/application'),
        page('platform.applicationModule', '应用模块', 'Modules', 'PuzzlePieceRegular', 'platform:applicationModule', 'ApplicationModuleList', '/platform/application-module'),
        page('platform.applicationApi', '应用接口', 'Application APIs', 'PlugConnectedRegular', 'platform:applicationApi', 'ApplicationApiList', '/platform/application-api'),
        page('platform.apiGroup', '接口分组', 'API groups', 'GroupListRegular', 'platform:apiGroup', 'ApiGroupList', '/platform/api-group'),
      ]),
      group('platform.gateway', '网关管理', 'Gateway', 'ArrowRoutingRegular', 'platform:gateway', [
        page('platform.gatewayInternal', '内部路由', 'Internal gateway routes', 'ArrowRoutingRectangleMultipleRegular', 'platform:gatewayInternal', 'GatewayInternalList', '/platform/gateway/internal'),
        page('platform.gatewayExternal', '外部路由', 'External gateway routes', 'DirectionsRegular', 'platform:gatewayExternal', 'GatewayExternalList', '/platform/gateway/external'),
        page('platform.clientRouter', '客户端路由', 'Client routers', 'BranchForkRegular', 'platform:clientRouter', 'ClientRouterList', '/platform/client-router'),
        page('platform.sysAuthentication', '系统认证', 'System authentication', 'LockClosedRegular', 'platform:sysAuthentication', 'SysAuthenticationList', '/platform/sys-authentication'),
        // Single sign-on (issue 17): CAS, OpenID Connect and signed application tokens.
        page('platform.identityProvider', '身份提供方', 'Identity providers', 'ShieldKeyholeRegular', 'platform:identityProvider', 'IdentityProviderList', '/platform/identity-provider'),
      ]),
      group('platform.messaging', '消息配置', 'Messaging', 'MailRegular', 'platform:messaging', [
        page('platform.emailServer', '邮件服务器', 'Email servers', 'ServerRegular', 'platform:emailServer', 'EmailServerList', '/platform/email-server'),
        page('platform.emailTemplate', '邮件模板', 'Email templates', 'MailTemplateRegular', 'platform:emailTemplate', 'EmailTemplateList', '/platform/email-template'),
        page('platform.channel', '消息渠道', 'Message channels', 'ChannelRegular', 'platform:channel', 'ChannelList', '/platform/channel'),
      ]),
      page('platform.sysLog', '系统日志', 'System logs', 'DocumentBulletListRegular', 'platform:sysLog', 'SysLogList', '/platform/sys-log'),
      // The other operation logs (issue 16): administrators' changes, client errors (parameter
      // error.log), the behaviour push.
      page('platform.auditLog', '审计日志', 'Audit log', 'DocumentSearchRegular', 'platform:auditLog', 'AuditLogList', '/platform/audit-log'),
      page('platform.clientErrorLog', '客户端错误日志', 'Client error log', 'BugRegular', 'platform:clientErrorLog', 'ClientErrorLogList', '/platform/client-error-log'),
      page('platform.behaviourLog', '用户行为', 'User behaviour', 'CursorClickRegular', 'platform:behaviourLog', 'BehaviourEventList', '/platform/behaviour-log'),
    ]),
  },
  {
    appCode: 'common',
    ...group('usercenter', '个人中心', 'User centre', 'PersonCircleRegular', USER_CENTRE_PERMISSION, [
      page('usercenter.password', '修改密码', 'Change password', 'PasswordRegular', 'usercenter:password', 'ChangePassword', '/user-center/password'),
      page('usercenter.settings', '个人设置', 'Personal settings', 'PersonSettingsRegular', 'usercenter:settings', 'PersonalSettings', '/user-center/settings'),
      page('usercenter.favourites', '我的收藏', 'Favourites', 'StarRegular', 'usercenter:favourites', 'FavouriteList', '/user-center/favourites'),
    ]),
  },
  {
    appCode: 'mdm',
    ...group('mdm', '主数据建模', 'Master-data modelling', 'CubeRegular', 'mdm', [
      page('mdm.model', '数据模型', 'Data models', 'TableRegular', 'mdm:model', 'ModelList', '/mdm/model'),
      page('mdm.modelData', '模型数据', 'Model data', 'DataLineRegular', 'mdm:modelData', 'ModelDataList', '/mdm/model-data'),
    ]),
  },
  {
    appCode: 'message',
    ...group('message', '消息中心', 'Message centre', 'MegaphoneRegular', 'message', [
      page('message.notification', '消息通知', 'Notifications', 'ChatMultipleRegular', 'message:notification', 'NotificationList', '/message/notification'),
      page('message.record', '发送记录', 'Sent messages', 'ArrowSyncRegular', 'message:record', 'MessageRecordList', '/message/record'),
    ]),
  },
  {
    appCode: 'alert',
    ...group('alert', '告警中心', 'Alarm centre', 'AlertUrgentRegular', 'alert', [
      page('alert.job', '告警任务', 'Alarm jobs', 'ClockAlarmRegular', 'alert:job', 'AlertJobList', '/alert/job'),
      page('alert.scheduleStrategy', '调度策略', 'Schedule strategies', 'CalendarClockRegular', 'alert:scheduleStrategy', 'ScheduleStrategyList', '/alert/schedule-strategy'),
      page('alert.record', '告警记录', 'Incidents', 'AlertRegular', 'alert:record', 'AlertRecordList', '/alert/record'),
    ]),
  },
  {
    appCode: 'knowledge',
    ...group('knowledge', '知识中心', 'Knowledge centre', 'LibraryRegular', 'knowledge', [
      page('knowledge.list', '知识库', 'Knowledge base', 'BookOpenRegular', 'knowledge:list', 'KnowledgeList', '/knowledge/list'),
    ]),
  },
  {
    appCode: 'document',
    ...group('document', '文档中心', 'Document centre', 'DocumentMultipleRegular', 'document', [
      page('document.list', '文档管理', 'Documents', 'FolderRegular', 'document:list', 'DocumentList', '/document/list'),
    ]),
  },
  {
    appCode: 'measure',
    ...group('measure', '度量与报表', 'Measurement and reporting', 'DataBarVerticalRegular', 'measure', [
      page('measure.project', '度量项目', 'Measurement projects', 'GaugeRegular', 'measure:project', 'MeasureProjectList', '/measure/project'),
      page('measure.dimension', '维度管理', 'Dimensions', 'DataTrendingRegular', 'measure:dimension', 'DimensionList', '/measure/dimension'),
      page('measure.report', '报表', 'Reports', 'PollRegular', 'measure:report', 'ReportList', '/measure/report'),
    ]),
  },
  {
    appCode: 'workflow',
    ...group('workflow', '流程管理', 'Workflow', 'FlowRegular', 'workflow', [
      page('workflow.workbench', '工作台', 'Workbench', 'TaskListSquareLtrRegular', WORKBENCH_PERMISSION, 'Workbench', '/workflow/workbench'),
      page('workflow.process', '流程定义', 'Processes', 'ApprovalsAppRegular', 'workflow:process', 'ProcessList', '/workflow/process'),
      page('workflow.processType', '流程分类', 'Process types', 'TaskListLtrRegular', 'workflow:processType', 'ProcessTypeList', '/workflow/process-type'),
    ]),
  },
  {
    appCode: 'dashboard',
    ...group('dashboard', '仪表盘', 'Dashboards', 'BoardRegular', 'dashboard', [
      page('dashboard.list', '仪表盘管理', 'Dashboards', 'ChartMultipleRegular', 'dashboard:list', 'DashboardList', '/dashboard/list'),
      page('dashboard.widget', '部件', 'Widgets', 'GridRegular', 'dashboard:widget', 'WidgetList', '/dashboard/widget'),
      page('dashboard.widgetDatasource', '部件数据源', 'Widget data sources', 'ServerMultipleRegular', 'dashboard:widgetDatasource', 'WidgetDatasourceList', '/dashboard/widget-datasource'),
    ]),
  },
]

/** Routes that no menu item opens (spec: RoleResAuthList with query roleId, roleCode, roleName). */
export const hiddenRoutes = [{ route: 'RoleResAuthList', path: '/platform/role/auth', appCode: 'common' }]

/** Every permission code the menu uses, modules and pages. */
export function menuPermissions(nodes: readonly MenuNode[] = menuTree): string[] {
  return nodes.flatMap((n) => [n.permission, ...menuPermissions(n.children ?? [])])
}
