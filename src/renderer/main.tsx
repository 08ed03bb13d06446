/**
 * The console's entry, kept tiny on purpose. Evaluating the console's module graph takes a few
 * hundred milliseconds of main-thread time; started right after parsing, it holds back the first
 * frame, and with it the login shell (index.html) that lets a user type at once. So the console
 * starts after the first frame. Fetching its chunks earlier (modulepreload or prefetch hints in
 * index.html) was measured too: it brings the React form ~0.35 s sooner but holds back the
 * shell's first paint (bench/login-route: 1.30× and 1.64× against 1.10× without), and the
 * shell is what the user types into; its typing and Enter carry over to the React form.
 */
let started = false
const start = (): void => {
  if (started) return
  started = true
  void import('./boot')
}
requestAnimationFrame(() => setTimeout(start, 0))
// A window that is not shown yet gets no frames (Electron creates it hidden): start anyway.
setTimeout(start, 100)
