import type { Plugin } from 'vite'

/**
 * The login route as one chunk: boot.tsx (main.tsx imports it after the first frame) and every
 * module it imports statically. Left to itself the bundler split them into ~60 files by which
 * later chunks share each module, and the browser fetched them six at a time before the React
 * form could take over from the login shell (bench/login-route). Later chunks import what they
 * share with the login route from this one, which is loaded by then anyway.
 */
export function loginRouteChunk(bootModule: string): Plugin {
  const route = new Set<string>()
  return {
    name: 'datahub:login-route-chunk',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Vite's preload helper stays out (first, by priority): main.tsx imports it too,
                // and would then import this whole chunk statically, evaluating it before the
                // first frame, when the login shell is meant to paint.
                { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
                { name: 'boot', test: (id: string) => route.has(id) },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      route.clear()
      const walk = (id: string) => {
        if (route.has(id)) return
        const info = this.getModuleInfo(id)
        if (!info) return
        route.add(id)
        // Not through packages: a barrel (@fluentui/react-components) lists every component,
        // used or not; the group takes in what the console's own modules really use itself.
        if (!id.includes('/node_modules/')) for (const next of info.importedIds) walk(next)
      }
      walk(bootModule)
    },
  }
}
