import { serveTasks } from '../../threads/serve'
import { engine } from './quickJs'
import { runScriptTask, type ScriptAnswer, type ScriptTask } from './scriptTasks'

// The worker thread's entry: QuickJS is loaded before the first task, outside its time limit.
serveTasks<ScriptTask, ScriptAnswer>(runScriptTask, () => engine())
