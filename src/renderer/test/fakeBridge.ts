import type { HubResult } from '../../shared/envelope'
import type { AppInfo, ConsoleSettings, DesktopBridge, IpcChannel, IpcEvent, IpcEvents, MappingExcelRows } from '../../shared/ipc'

/** Answers one hub endpoint in a test: a result, or a function of the input. */
export type FakeHubHandler = HubResult<unknown> | ((input: unknown) => HubResult<unknown> | Promise<HubResult<unknown>>)

export interface FakeBridgeOptions {
  hub?: Record<string, FakeHubHandler>
  signedIn?: boolean
  appInfo?: Partial<AppInfo>
  settings?: Partial<ConsoleSettings>
  /** Answers for other channels (e.g. 'profiles.*'), by channel. */
  channels?: Partial<Record<IpcChannel, (payload: unknown) => unknown>>
  /**
   * Rows the mapping workbook channels ('fieldMapping.chooseExcel', 'fieldMapping.uploadExcelBytes')
   * answer, as the main process hands them over; unset: the open dialog is cancelled ('5040').
   */
  mappingExcelRows?: MappingExcelRows['rows']
  /** Where 'fieldMapping.saveTemplate' saves; unset: the save dialog is cancelled ('5040'). */
  templatePath?: string
}

export interface FakeBridge {
  /** Every invoke, in order. */
  calls: { channel: IpcChannel; payload: unknown }[]
  /** Hub calls only: endpoint id and input. */
  hubCalls: () => { endpoint: string; input: unknown }[]
  hub: Record<string, FakeHubHandler>
  settings: ConsoleSettings
  emit<E extends IpcEvent>(event: E, data: IpcEvents[E]): void
  uninstall(): void
}

export const ok = (data: unknown, extra: Partial<HubResult<unknown>> = {}): HubResult<unknown> => ({ ok: true, data, message: '', ...extra }) as HubResult<unknown>
export const fail = (code: string, message: string, data?: unknown): HubResult<unknown> => ({ ok: false, code, message, ...(data === undefined ? {} : { data }) })

/**
 * A fake `window.desktop` for component tests: it answers the IPC channels from the options and
 * records every call. The real bridge, main-process handlers and hub are covered end to end.
 */
export function installFakeBridge(options: FakeBridgeOptions = {}): FakeBridge {
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  const settings: ConsoleSettings = { locale: 'zh-CN', localeChosen: false, theme: 'system', rememberedUsername: null, incidentNotifications: true, ...options.settings }
  const fake: FakeBridge = {
    calls: [],
    hubCalls: () => fake.calls.filter((c) => c.channel === 'hub.call').map((c) => c.payload as { endpoint: string; input: unknown }),
    hub: { ...options.hub },
    settings,
    emit(event, data) {
      for (const l of listeners.get(event) ?? []) l(data)
    },
    uninstall() {
      delete window.desktop
    },
  }
  const answer = async (channel: IpcChannel, payload: unknown): Promise<unknown> => {
    const custom = options.channels?.[channel]
    if (custom) return custom(payload)
    switch (channel) {
      case 'app.info':
        return { version: '0.1.0', platform: 'linux', profile: { id: 'embedded', name: 'Embedded hub', kind: 'embedded' }, vault: 'keychain', bootstrapPassword: null, ...options.appInfo }
      case 'session.status':
        return { signedIn: options.signedIn ?? false }
      case 'settings.get':
        return { ...settings }
      case 'settings.update':
        Object.assign(settings, payload)
        return { ...settings }
      case 'fieldMapping.chooseExcel':
      case 'fieldMapping.uploadExcelBytes':
        return options.mappingExcelRows ? ok({ rows: options.mappingExcelRows }, { message: '文件上传成功' }) : fail('5040', '')
      case 'fieldMapping.saveTemplate':
        return options.templatePath ? ok({ path: options.templatePath }, { message: `模板已保存：${options.templatePath}` }) : fail('5040', '')
      case 'hub.call': {
        const { endpoint, input } = payload as { endpoint: string; input: unknown }
        const handler = fake.hub[endpoint]
        if (!handler) return fail('4040', `no fake answer for ${endpoint}`)
        return typeof handler === 'function' ? handler(input) : handler
      }
    }
  }
  const bridge: DesktopBridge = {
    invoke: (async (channel: IpcChannel, payload: unknown) => {
      fake.calls.push({ channel, payload })
      return answer(channel, payload)
    }) as DesktopBridge['invoke'],
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (data: unknown) => void)
      listeners.set(event, set)
      return () => set.delete(listener as (data: unknown) => void)
    },
  }
  window.desktop = bridge
  return fake
}

/** jsdom has no matchMedia nor ResizeObserver; Fluent and the theme hook ask for them. */
export function installMatchMedia(dark = false): void {
  window.scrollTo = () => {}
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if ('matchMedia' in window && typeof window.matchMedia === 'function') return
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
}
