import { serveTasks } from '../../threads/serve'
import { appendTo, type AppendAnswer, type AppendTask } from './excelAppend'

// The worker thread's entry (SheetJS is loaded with it): one append at a time (excelDay.ts sends them).
serveTasks<AppendTask, AppendAnswer>(appendTo)
