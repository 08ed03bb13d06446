/**
 * The audit log names an object type by the store table a change was noted on ('consumers',
 * 'dictionary_data'…; store/changes.ts). A call that changed nothing the store could name — a
 * refusal, above all — is filed under its endpoint's object instead, so that one kind of object
 * has one type in the log, its filter and its labels (locales logs.json `object_<type>`). The
 * contract's object segments (`datahub.consumer.update` → `consumer`) map to those tables here;
 * a segment missing from the map is kept as it is.
 */
const TABLE_OF_SEGMENT: Readonly<Record<string, string>> = {
  topic: 'topics',
  producer: 'producers',
  consumer: 'consumers',
  datasource: 'datasources',
  authentication: 'authentications',
  user: 'users',
  employee: 'users',
  userrole: 'users',
  role: 'roles',
  org: 'organisations',
  position: 'positions',
  orgPosition: 'positions',
  menu: 'menus',
  dictionaryType: 'dictionary_types',
  dictionaryData: 'dictionary_data',
  parameter: 'parameters',
  langType: 'lang_types',
  license: 'licences',
  application: 'applications',
  applicationmodule: 'application_modules',
  applicationapi: 'application_apis',
  apigroup: 'api_groups',
  gateway: 'gateway_routes',
  sysauthentication: 'sys_authentications',
  pfauthentication: 'pf_authentications',
  emailServer: 'email_servers',
  emailTemplate: 'email_templates',
  channel: 'msg_channels',
  client: 'client_routers',
}

/** The object type of a call that noted no change: its endpoint's object, as the table it lives in. */
export function objectTypeOfEndpoint(endpointId: string): string {
  const segment = endpointId.split('.')[1] ?? endpointId
  return TABLE_OF_SEGMENT[segment] ?? segment
}
