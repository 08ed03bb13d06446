import zhCommon from '../../../locales/zh-CN/common.json'
import zhLogin from '../../../locales/zh-CN/login.json'
import zhErrors from '../../../locales/zh-CN/errors.json'
import zhProfiles from '../../../locales/zh-CN/profiles.json'
import zhShell from '../../../locales/zh-CN/shell.json'
import zhMessages from '../../../locales/zh-CN/messages.json'
import enCommon from '../../../locales/en/common.json'
import enLogin from '../../../locales/en/login.json'
import enErrors from '../../../locales/en/errors.json'
import enProfiles from '../../../locales/en/profiles.json'
import enShell from '../../../locales/en/shell.json'
import enMessages from '../../../locales/en/messages.json'
import type { Locale } from '../../shared/locale'

export type TextTables = Record<string, Record<string, string>>

/**
 * The texts the login view draws with, in both languages: all the console carries with its
 * first frame. The rest of a locale's catalogue (~40 KiB gzipped each, both were 88 KiB of the
 * login route) loads after the form has taken over, and before any other view
 * (i18n/catalogue.ts). `messages` here is the hub's core table (the login rules, sign-in and
 * session messages); its areas' tables come with the catalogue. i18n/loginTexts.test.ts holds the
 * namespace of every translation call in the login route's modules to this list.
 */
export const LOGIN_NAMESPACES = ['common', 'login', 'errors', 'profiles', 'shell', 'messages'] as const

export const loginTexts: Record<Locale, TextTables> = {
  'zh-CN': { common: zhCommon, login: zhLogin, errors: zhErrors, profiles: zhProfiles, shell: zhShell, messages: zhMessages },
  en: { common: enCommon, login: enLogin, errors: enErrors, profiles: enProfiles, shell: enShell, messages: enMessages },
}
