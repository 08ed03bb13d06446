import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten'
import { MAX_OUTPUT_BYTES, outOfMemory, outputTooLarge } from './limits'
import { EngineError, type Payload } from './payload'
import { DEFAULT_SCRIPT_LIMITS, ranTooLong, scriptFailed, type ScriptLimits } from './scriptLimits'

/**
 * The sandbox itself, run in a script worker (scriptWorker.ts; javaScript.ts is the hub's side):
 * QuickJS in WebAssembly, never Node's `vm`, which is not a sandbox. Inside there is no
 * `process`, `require`, network or file system; memory and time are bounded, so `while(true){}`
 * is stopped at the deadline.
 *
 * QuickJS's own memory limit does not hold in this build: under Emscripten it cannot ask malloc
 * how large a block is and counts a few bytes per allocation, so `new Array(1e5)` in a loop went
 * past 1 GB. What holds is the WebAssembly memory itself: each module gets one whose maximum is
 * the script's limit plus ENGINE_BYTES, and an allocation past it fails inside QuickJS as
 * "out of memory". The module is kept per limit (loading one takes ~20 ms).
 */
const PAGE = 64 * 1024
/** The engine's own memory (16 MB it starts with) and room for a copy of the largest payload. */
const ENGINE_BYTES = 32 * 1024 * 1024

let loaded: { memoryBytes: number; module: Promise<QuickJSWASMModule> } | null = null

export function engine(memoryBytes = DEFAULT_SCRIPT_LIMITS.memoryBytes): Promise<QuickJSWASMModule> {
  if (loaded?.memoryBytes !== memoryBytes) {
    const maximum = Math.ceil((memoryBytes + ENGINE_BYTES) / PAGE)
    const wasmMemory = new WebAssembly.Memory({ initial: 256, maximum })
    loaded = { memoryBytes, module: newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory })) }
  }
  return loaded.module
}

/** After a failure outside the script itself the module may be left broken: the next call loads a fresh one. */
const forgetEngine = () => (loaded = null)

const wraps = (code: string): boolean => /\breturn\b/.test(code)
const wrap = (code: string): string => (wraps(code) ? `(function (data, text) {\n${code}\n})(data, text)` : code)

/**
 * The line of the operator's code an error stopped at: the first frame in processor.js (a
 * syntax error names it as lineNumber), less the wrapper's first line when the code was wrapped.
 * An operator fixing a script needs the line more than anything else the error says.
 */
function lineOf(error: unknown, code: string): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { stack, lineNumber } = error as { stack?: unknown; lineNumber?: unknown }
  const found = typeof stack === 'string' ? /processor\.js:(\d+)/.exec(stack)?.[1] : undefined
  const line = found !== undefined ? Number(found) : typeof lineNumber === 'number' ? lineNumber : undefined
  if (line === undefined) return undefined
  const shown = wraps(code) ? line - 1 : line
  return shown >= 1 ? shown : undefined
}

const isOutOfMemory = (message: string) => /out of memory/i.test(message)

export async function runInQuickJs(code: string, payload: Payload, limits: ScriptLimits): Promise<unknown> {
  const runtime = (await engine(limits.memoryBytes)).newRuntime()
  runtime.setMemoryLimit(limits.memoryBytes)
  runtime.setMaxStackSize(1024 * 1024)
  const deadline = Date.now() + limits.timeoutMs
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline))
  const ctx = runtime.newContext()
  let broken = false
  try {
    const textHandle = ctx.newString(payload.text)
    ctx.setProp(ctx.global, 'text', textHandle)
    textHandle.dispose()
    const setup = ctx.evalCode(payload.format === 'json' ? 'var data; try { data = JSON.parse(text) } catch (e) { data = text }' : 'var data = text')
    if (setup.error) {
      const error = ctx.dump(setup.error) as { message?: string }
      setup.error.dispose()
      throw isOutOfMemory(String(error?.message)) ? outOfMemory(limits.memoryBytes) : scriptFailed(String(error?.message))
    }
    setup.value.dispose()
    const result = ctx.evalCode(wrap(code), 'processor.js')
    if (result.error) {
      const error = ctx.dump(result.error) as { message?: string; name?: string } | string
      result.error.dispose()
      // The error says what stopped the script; the clock only tells an interrupt from a throw.
      // Out of memory found after the deadline (a loaded machine) is still out of memory.
      const message = typeof error === 'object' && error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : String(error)
      if (isOutOfMemory(message)) throw outOfMemory(limits.memoryBytes)
      if (Date.now() >= deadline) throw ranTooLong(limits)
      throw scriptFailed(message, 'JavaScript', lineOf(error, code))
    }
    try {
      return valueOf(ctx, result.value, limits)
    } finally {
      if (result.value.alive) result.value.dispose()
    }
  } catch (err) {
    if (err instanceof EngineError) throw err
    broken = true
    const message = err instanceof Error ? err.message : String(err)
    // Out of memory and interrupts can surface as host-side errors too.
    if (isOutOfMemory(message)) throw outOfMemory(limits.memoryBytes)
    if (Date.now() >= deadline) throw ranTooLong(limits)
    throw scriptFailed(message)
  } finally {
    try {
      ctx.dispose()
      runtime.dispose()
    } catch {
      broken = true
    }
    if (broken) forgetEngine()
  }
}

/**
 * The script's result, brought out of the sandbox no larger than MAX_OUTPUT_BYTES: a string is
 * measured, an object serialised inside QuickJS (within its memory) and its text measured,
 * before either is copied out. Anything JSON cannot carry is read as ctx.dump reads it.
 */
function valueOf(ctx: QuickJSContext, handle: QuickJSHandle, limits: ScriptLimits): unknown {
  const type = ctx.typeof(handle)
  if (type === 'string') return boundedString(ctx, handle)
  if (type === 'object' && isPlainValue(ctx, handle)) {
    const text = ctx.getProp(ctx.global, 'JSON').consume((json) => ctx.getProp(json, 'stringify').consume((stringify) => ctx.callFunction(stringify, json, handle)))
    if (text.error) {
      const error = text.error.consume((e) => ctx.dump(e) as { message?: string })
      if (isOutOfMemory(String(error?.message))) throw outOfMemory(limits.memoryBytes)
    } else {
      const json = text.value.consume((t) => (ctx.typeof(t) === 'string' ? boundedString(ctx, t) : null))
      if (json !== null) return JSON.parse(json) as unknown
    }
  }
  return ctx.dump(handle)
}

/** Not a promise (ctx.dump reads promises its own way); a promise's settled value is let go. */
function isPlainValue(ctx: QuickJSContext, handle: QuickJSHandle): boolean {
  const state = ctx.getPromiseState(handle)
  if (state.type === 'fulfilled') {
    if (state.notAPromise) return true
    state.value.dispose()
  } else if (state.type === 'rejected') state.error.dispose()
  return false
}

function boundedString(ctx: QuickJSContext, handle: QuickJSHandle): string {
  const length = ctx.getProp(handle, 'length').consume((l) => ctx.getNumber(l))
  if (length > MAX_OUTPUT_BYTES) throw outputTooLarge()
  return ctx.getString(handle)
}
