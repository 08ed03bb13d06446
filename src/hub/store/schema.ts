import type { Generated } from 'kysely'

/**
 * The hub's tables as Kysely sees them. One schema for SQLite and PostgreSQL, so only portable
 * column types: text for ids (uuids made by the hub, identical on both stores), flags ('1'/'0'
 * as the spec writes them), JSON documents and timestamps (ISO 8601 UTC strings, which sort
 * correctly as text); integer for sort weights.
 */
export interface UsersTable {
  id: string
  username: string
  name: string
  password_hash: string
  avatar: string | null
  /** '1' may sign in, anything else may not. */
  status: string
  /** JSON of the preference schema (theme, locale). */
  preference: string
  created_at: string
  updated_at: string
}

export interface RolesTable {
  id: string
  role_code: string
  role_name: string
  /** English name of a seeded role; '' for a role someone created (its one name serves both languages). */
  role_name_en: Generated<string>
  /** Spec: isSys (dictionary sys_yes_no); built-in roles cannot be deleted. */
  is_sys: string
  /** Spec: dictionary sys_role_status; only '1' roles grant permissions. */
  status: string
  created_at: string
  updated_at: string
}

export interface UserRolesTable {
  user_id: string
  role_id: string
}

export interface RolePermissionsTable {
  role_id: string
  permission: string
}

export interface ClientRoutersTable {
  id: string
  /** Route name, e.g. the spec's RoleResAuthList. */
  name: string
  path: string
  component: string
  app_code: string
  meta_data: string
  created_at: string
  updated_at: string
}

export interface MenusTable {
  id: string
  parent_id: string | null
  menu_name_zh: string
  menu_name_en: string
  icon: string | null
  permission: string | null
  weight: number
  type: 'catalog' | 'menu'
  app_code: string
  component: string | null
  meta_data: string
  params: string | null
  client_router_id: string | null
  created_at: string
  updated_at: string
}

export interface SessionsTable {
  /** sha256 of the token: a stolen database does not yield usable tokens. */
  token_hash: string
  user_id: string
  created_at: string
  expires_at: string
  revoked_at: string | null
  /** 'password' or 'sso' (migration 0024): the forced password change holds password sessions only. */
  signed_in_with: Generated<string>
}

export interface LoginFailuresTable {
  id: string
  /** Lower-cased, so the lock cannot be dodged by changing the case. */
  username: string
  /** The client's address (an IPv6 /64), src/hub/auth/clientAddress.ts. */
  address: string
  at: string
}

/** Where an account last signed in successfully from each address. */
export interface LoginAddressesTable {
  username: string
  address: string
  at: string
}

export interface DictionaryTypesTable {
  id: string
  dict_type: string
  dict_name: string
  /** English name of a seeded dictionary; '' when created or renamed by someone. */
  dict_name_en: Generated<string>
  remark: string | null
  status: string
  created_at: string
  updated_at: string
}

export interface DictionaryDataTable {
  id: string
  dict_type: string
  dict_value: string
  dict_label_cn: string
  dict_label_en: string
  sort: number
  status: string
  remark: string | null
  created_at: string
  updated_at: string
}

export interface ParametersTable {
  id: string
  parameter_key: string
  parameter_name: string
  /** English name of a seeded parameter; '' when created or renamed by someone. */
  parameter_name_en: Generated<string>
  parameter_value: string
  app_code: string
  created_at: string
  updated_at: string
}

export interface LangTypesTable {
  id: string
  /** Wire code: 'cn', 'en'. */
  code: string
  name: string
  name_en: string
  is_default: string
  /** Spec: languages are "used" (offered) and separately activated. */
  used: string
  status: string
  created_at: string
  updated_at: string
}

export interface I18nMessagesTable {
  id: string
  lang_code: string
  /** 'namespace:key' as the console's i18next reads it. */
  message_key: string
  message_value: string
  /** 'seed' rows follow the bundled texts on upgrade; 'admin' rows were edited and are kept. */
  origin: 'seed' | 'admin'
  created_at: string
  updated_at: string
}

export interface BehaviourEventsTable {
  id: string
  user_id: string
  type: string
  info: string | null
  err: string | null
  vm: string | null
  url: string | null
  /** As the console reported it. */
  time: string
  received_at: string
}

export interface DataVersionsTable {
  /** 'lang' | 'dict' | 'param' */
  name: string
  version: string
  updated_at: string
}

export interface LicencesTable {
  id: string
  product_code: string
  product_name_cn: string
  product_name_en: string
  expired_date: string
  /** The uploaded licence file as received. */
  content: string
  created_at: string
}

export interface HubDatabase {
  users: UsersTable
  roles: RolesTable
  user_roles: UserRolesTable
  role_permissions: RolePermissionsTable
  client_routers: ClientRoutersTable
  menus: MenusTable
  sessions: SessionsTable
  login_failures: LoginFailuresTable
  login_addresses: LoginAddressesTable
  dictionary_types: DictionaryTypesTable
  dictionary_data: DictionaryDataTable
  parameters: ParametersTable
  lang_types: LangTypesTable
  i18n_messages: I18nMessagesTable
  behaviour_events: BehaviourEventsTable
  data_versions: DataVersionsTable
  licences: LicencesTable
}
