import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge'

// The only thing the page gets: window.desktop = { invoke, on } (src/shared/ipc.ts DesktopBridge).
contextBridge.exposeInMainWorld('desktop', createBridge(ipcRenderer))
