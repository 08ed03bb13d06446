#!/usr/bin/env node
// Runs every bench under bench/ (*.bench.mjs, and *.bench.ts through tsx) one after another;
// each prints its figures.
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'

const dir = resolve(import.meta.dirname, '..', 'bench')
const only = process.argv[2]
let status = 0
for (const f of readdirSync(dir).filter((f) => /\.bench\.(mjs|ts)$/.test(f) && (!only || f.includes(only))).sort()) {
  console.log(`\n# ${f}`)
  status ||= spawnSync(process.execPath, [...(f.endsWith('.ts') ? ['--import', 'tsx'] : []), join(dir, f)], { stdio: 'inherit' }).status ?? 1
}
process.exit(status)
