/**
 * Content-Security-Policy of the console page, sent as a header by the app:// protocol.
 * The renderer talks to nothing but its own files (hub calls go through IPC), so
 * connect-src stays 'self'. Exceptions, each for a reason:
 * - style-src 'unsafe-inline': Fluent UI's Griffel injects <style> rules at run time;
 * - img-src/font-src data: and blob:: icons and fonts inlined by the bundler, image previews;
 * - worker-src blob:: Monaco's workers (stack.md).
 */
export function contentSecurityPolicy(): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}
