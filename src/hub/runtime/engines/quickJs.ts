import { getQuickJS, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten'
import { EngineError, type Payload } from './payload'

/**
 * JavaScript processors and route rows run in QuickJS (WebAssembly), never in Node's `vm`,
 * which is not a sandbox. Inside there is no `process`, `require`, network or file system;
 * memory and time are bounded, so `while(true){}` is stopped at the deadline.
 *
 * The code sees `data` (the parsed JSON payload, or the text of any other payload) and
 * `text` (the payload as received). Code with a `return` statement is a function body; other
 * code is evaluated and its last expression is the result. The result must be JSON-like.
 */
export interface ScriptLimits {
  timeoutMs: number
  memoryBytes: number
}
export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = { timeoutMs: 1000, memoryBytes: 32 * 1024 * 1024 }

let quickjs: Promise<QuickJSWASMModule> | null = null
const engine = () => (quickjs ??= getQuickJS())

const wrap = (code: string): string =>
  /\breturn\b/.test(code) ? `(function (data, text) {\n${code}\n})(data, text)` : code

export async function runJavaScript(code: string, payload: Payload, limits: ScriptLimits = DEFAULT_SCRIPT_LIMITS): Promise<unknown> {
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
      if (Date.now() >= deadline) throw new EngineError(`JavaScript stopped: it ran longer than ${limits.timeoutMs} ms`)
      const message = typeof error === 'object' && error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : String(error)
      throw new EngineError(`JavaScript failed: ${message}`)
    }
    const value: unknown = ctx.dump(result.value)
    result.value.dispose()
    return value
  } catch (err) {
    if (err instanceof EngineError) throw err
    // Out of memory and interrupts can surface as host-side errors too.
    if (Date.now() >= deadline) throw new EngineError(`JavaScript stopped: it ran longer than ${limits.timeoutMs} ms`)
    throw new EngineError(`JavaScript failed: ${err instanceof Error ? err.message : String(err)}`)
  } finally {
    ctx.dispose()
    runtime.dispose()
  }
}
