/**
 * The rules of docs/glossary.md as patterns (issue 43). A rule forbids a variant in one language;
 * `when` narrows it to texts whose other language says something too (未启用 is wrong only where
 * the English says "Not started"); `allow` names the texts where the variant is right, with why.
 * Keep this file and the glossary in step: the glossary says why, this file checks it.
 */
export interface Rule {
  name: string
  lang: 'zh' | 'en'
  forbid: RegExp
  when?: { lang: 'zh' | 'en'; matches: RegExp }
  /** Texts by id ('ns:key' or 'seed …') where the variant is right. */
  allow?: Record<string, string>
  /** Applied before matching: placeholders are blanked for the typography rules. */
  prepare?: (text: string) => string
}

/** The spec's own messages stay verbatim, spacing and half-width marks included. */
const SPEC_VERBATIM: Record<string, string> = {
  'messages:msg_route_syntax_required': 'spec text',
  'messages:msg_route_expression_required': 'spec text',
  'messages:msg_route_routing_key_required': 'spec text',
  'messages:msg_distribute_type_required': 'spec text',
  'messages:msg_props_code_required': 'spec text',
  'messages:msg_props_value_required': 'spec text',
  'messages:msg_licence_error': 'spec text',
  'messages.datasource:msg_sql_rows_rule': 'spec text',
  'messages.wsdl:msg_wsdl_address_required': 'spec text',
  'messages.usercentre:msg_uc_image_type': 'spec text',
  'messages.usercentre:msg_uc_avatar_type': 'spec text',
  'messages.usercentre:msg_uc_image_size': 'spec text',
  'messages.usercentre:msg_uc_avatar_size': 'spec text',
  'mapping:json_invalid': 'spec text (JSON内容解析失败)',
}

/** {{name}} and ${name} stand for text of any script: the spacing rules do not judge them. */
const blankPlaceholders = (text: string) => text.replace(/\{\{[^}]*\}\}|\$\{[^}]*\}/g, '\u2060')

const HAN = '\\p{Script=Han}'

export const termRules: Rule[] = [
  { name: '生产者, not 生产方 (生产方式 is the production mode)', lang: 'zh', forbid: /生产方(?!式)/ },
  { name: '消费者, not 消费方 (消费方式 is the consumption type)', lang: 'zh', forbid: /消费方(?!式)/ },
  {
    name: '数据中心 for the hub, not 中心/中枢/本系统/Hub',
    lang: 'zh',
    forbid: /中枢|本系统|(?<![数据消息个人知识文档告警])中心|(?<![A-Za-z])Hub(?![A-Za-z_])/,
  },
  {
    name: '数据中心 for the hub, not 平台 (平台 is only the platform administration: its menus, users, skins, authentication)',
    lang: 'zh',
    forbid: /平台/,
    allow: {
      'common:product_name': 'the product name',
      'messages.messaging:msg_email_test_subject': 'the product name',
      'apps:router_app_code_hint': 'platform pages (appCode common)',
      'config:skin_use_platform': 'the platform default skin',
      'config:skin_save_default': 'the platform default skin',
      'config:skin_following_platform': 'the platform default skin',
      'config:skin_default_saved': 'the platform default skin',
      'config:skin_state_own': 'the platform default skin',
      'config:skin_state_platform': 'the platform default skin',
      'shell:theme_default': 'the platform default skin',
      'logs:object_pf_authentications': 'platform authentication (系统认证 records)',
      'messaging:pfauth_entity': 'platform authentication',
      'messaging:tab_platform': 'platform authentication',
      'messages.sso:msg_sso_user_refused': 'a user of the platform administration',
      'sso:match_by': 'a user of the platform administration',
      'seed menu platform': 'the spec menu 平台管理',
      'messages.exchange:msg_exchange_no_gateway_route': 'the menu path 平台管理 → 网关路由',
      'messages.exchange:msg_exchange_mail_no_server': 'the menu path 平台管理 → 邮件服务器',
    },
  },
  { name: '审批, not 审核', lang: 'zh', forbid: /审核/ },
  { name: '告警, not 预警', lang: 'zh', forbid: /预警/ },
  { name: '证书 (the spec menu 证书管理), not 许可证', lang: 'zh', forbid: /许可证/ },
  { name: '部件, not 小部件', lang: 'zh', forbid: /小部件/ },
  {
    name: '源字段 for the mapping source column, not 数据字段/流字段',
    lang: 'zh',
    forbid: /数据字段|流字段/,
    allow: { 'seed dictionary dh_task_time_source:2': 'a field of the data supplies the task time, not the mapping column' },
  },
  { name: 'a schema is 结构 (JSON Schema), not 模式', lang: 'zh', forbid: /模式/, when: { lang: 'en', matches: /schema/i } },
  { name: 'the UI theme is 外观; 主题 is only the topic', lang: 'zh', forbid: /主题/, when: { lang: 'en', matches: /\btheme|appearance/i } },
  { name: 'a drag start is 已选中…, not 已拿起', lang: 'zh', forbid: /拿起/ },
  { name: 'states are 已启用 / 已停用 (Enabled / Disabled)', lang: 'zh', forbid: /未启用|未停用/, when: { lang: 'en', matches: /^(Not started|Disabled|Enabled)$/ } },
  { name: 'tab names in Chinese: 参数/授权/请求头/请求体', lang: 'zh', forbid: /^(Params|Authorization|Headers|Body)$/ },
  { name: 'the hub, not the platform/system (English)', lang: 'en', forbid: /\b(this system|the platform's time|the system time)\b/i },
  { name: 'alarm (a rule\'s signal) or incident (an open occurrence), not alert', lang: 'en', forbid: /\balerts?\b/i },
  { name: 'licence, British spelling, for the noun', lang: 'en', forbid: /\blicenses?\b/i },
  { name: 'source field, not stream/data field, for the mapping source column', lang: 'en', forbid: /\bstream fields?\b/i },
  { name: 'Appearance for the UI theme (theme.color is a parameter key)', lang: 'en', forbid: /\btheme(?![.])/i },
  { name: 'consumption type, not consume type', lang: 'en', forbid: /\bconsume type|consumption mode\b/i },
  { name: 'states are Enabled / Disabled, not Not started / Stopped', lang: 'en', forbid: /^(Not started|Stopped)$/ },
  {
    name: 'a state reads 已启用 / 已停用 (启用 / 停用 are the actions)',
    lang: 'zh',
    forbid: /^(启用|停用)$/,
    when: { lang: 'en', matches: /^(Enabled|Disabled)$/ },
    allow: { 'sso:enabled': 'a column: whether it is enabled (是/否)', 'consumer:notify_on': 'a switch: turn this notification on' },
  },
  { name: 'selected, not picked', lang: 'en', forbid: /\bpick(ed|s)?\b/i },
  { name: 'attempts, not tries (the noun; "try again" is the verb)', lang: 'en', forbid: /\btries\b|\bnext try\b/i },
  { name: 'the hub in running text is lower case', lang: 'en', forbid: /(?<=[a-z,;] )Hub\b/ },
  {
    name: 'British spelling',
    lang: 'en',
    forbid: /\b(colors?|organiz\w*|behaviors?|centers?|favorites?|catalogs?|canceled|canceling|authoriz\w*|initializ\w*|customiz\w*|recogniz\w*|analyz\w*|synchroniz\w*|minimiz\w*|maximiz\w*|labeled|modeling)\b/i,
    allow: {
      'messages:msg_metrics_token_invalid': 'the HTTP header name Authorization',
      'widgets:api_tab_authorization': 'the HTTP header name Authorization',
      'config:param_value_hint': 'the parameter key theme.color',
      'messages.sso:msg_sso_code_invalid': "OAuth's term: the authorization code",
      'desktop:menu_minimize': "the macOS menu's own item",
    },
  },
]

export const typographyRules: Rule[] = [
  {
    name: 'a space between Chinese and Latin letters or digits',
    lang: 'zh',
    forbid: new RegExp(`[${HAN}][A-Za-z0-9]|[A-Za-z0-9][${HAN}]`, 'u'),
    prepare: blankPlaceholders,
    allow: SPEC_VERBATIM,
  },
  {
    name: 'full-width punctuation in Chinese sentences',
    lang: 'zh',
    // A dot or colon before a name (.lic, .xlsx, :key) is part of that name, not the sentence's.
    forbid: new RegExp(`[${HAN}]\\s*[,;!?()]|[,;!?(]\\s*[${HAN}]|[${HAN}]\\s?:(?![\\w])|[${HAN}]\\s?\\.(?![\\w.])`, 'u'),
    prepare: blankPlaceholders,
    allow: {
      ...SPEC_VERBATIM,
      'config:i18n_key_hint': 'namespace:key is the key syntax, not a sentence colon',
      'alarms:webhook_headers_hint': '“名称: 值” is the header line syntax',
      'messages.apps:msg_apps_gateway_dot_segment_rule': 'the path segments . and .. themselves',
      'messages.apps:msg_apps_gateway_request_path_refused': 'the path segments . and .. themselves',
    },
  },
  {
    name: 'one range separator: a hyphen (1-50)',
    lang: 'zh',
    forbid: /(\d|\}\})\s*(–|—|~|～|至|到)\s*(\d|\{\{)/,
  },
  { name: 'one range separator: a hyphen (1-50)', lang: 'en', forbid: /(\d|\}\})\s*(–|—|~|～)\s*(\d|\{\{)/ },
  { name: 'sizes with a space: 8 MB', lang: 'zh', forbid: /(\d|\}\})(B|KB|MB|GB)\b/, allow: SPEC_VERBATIM },
  { name: 'sizes with a space: 8 MB', lang: 'en', forbid: /(\d|\}\})(B|KB|MB|GB)\b/ },
  { name: 'real plurals (key_one / key_other), not "(s)"', lang: 'en', forbid: /\w\((s|es|ies)\)/ },
]
