import { serveTasks } from '../../../threads/serve'
import { readSoapRequest, type EnvelopeAnswer, type EnvelopeTask } from './envelopeTask'

// The worker thread's entry: a pushed envelope of megabytes is decoded and parsed here, off the hub's thread.
serveTasks<EnvelopeTask, EnvelopeAnswer>(readSoapRequest)
