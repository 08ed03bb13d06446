import { getQuickJS, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten'
import { EngineError, type Payload } from './payload'
import { ranTooLong, scriptFailed, type ScriptLimits } from './scriptLimits'

/**
 * The sandbox itself, run in a script worker (scriptWorker.ts; javaScript.ts is the hub's side):
 * QuickJS in WebAssembly, never Node's `vm`, which is not a sandbox. Inside there is no
 * `process`, `require`, network or file system; memory and time are bounded, so `while(true){}`
 * is stopped at the deadline.
 */
let quickjs: Promise<QuickJSWASMModule> | null = null
export const engine = () => (quickjs ??= getQuickJS())

const wrap = (code: string): string =>
  /\breturn\b/.test(code) ? `(function (data, text) {\n${code}\n})(data, text)` : code

export async function runInQuickJs(code: string, payload: Payload, limits: ScriptLimits): Promise<unknown> {
  const runtime = (await engine()).newRuntime()
  runtime.setMemoryLimit(limits.memoryBytes)
  runtime.setMaxStackSize(1024 * 1024)
  const deadline = Date.now() + limits.timeoutMs
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline))
  const ctx = runtime.newContext()
  try {
    const textHandle = ctx.newString(payload.text)
    ctx.setProp(ctx.global, 'text', textHandle)
    textHandle.dispose()
    const setup = ctx.evalCode(payload.format === 'json' ? 'var data; try { data = JSON.parse(text) } catch (e) { data = text }' : 'var data = text')
    ctx.unwrapResult(setup).dispose()
    const result = ctx.evalCode(wrap(code), 'processor.js')
    if (result.error) {
      const error = ctx.dump(result.error) as { message?: string; name?: string } | string
      result.error.dispose()
      if (Date.now() >= deadline) throw ranTooLong(limits)
      const message = typeof error === 'object' && error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : String(error)
      throw scriptFailed(message)
    }
    const value: unknown = ctx.dump(result.value)
    result.value.dispose()
    return value
  } catch (err) {
    if (err instanceof EngineError) throw err
    // Out of memory and interrupts can surface as host-side errors too.
    if (Date.now() >= deadline) throw ranTooLong(limits)
    throw scriptFailed(err instanceof Error ? err.message : String(err))
  } finally {
    ctx.dispose()
    runtime.dispose()
  }
}
