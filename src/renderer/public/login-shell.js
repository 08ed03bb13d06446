// The login shell: shows the plain sign-in form of index.html while the console's code loads,
// so a user can type at once. Typed values and a pressed Enter are handed to the React form
// (src/renderer/loginShell/handoff.ts), which then removes the shell. The hints below are
// written by the console (src/renderer/loginShell/hints.ts; same key names).
// A classic script from 'self' (the CSP allows no inline script), right after the shell's markup
// and preloaded first in <head>, so it is not queued behind the console's modules.
function showLoginShell() {
  var shell = document.getElementById('login-shell')
  if (!shell) return
  var hint = function (key) {
    try {
      return window.localStorage.getItem('dh.shell.' + key)
    } catch {
      return null
    }
  }
  // Only where the login form is what comes next: /login, or the start page of a console whose
  // last known state was signed out. A signed-in start shows the console's own splash instead.
  var path = window.location.pathname
  if (!(path === '/login' || ((path === '/' || path === '/index.html') && hint('session') !== '1'))) return
  var all = {}
  try {
    all = JSON.parse(document.getElementById('login-shell-texts').textContent)
  } catch {
    return
  }
  var locale = hint('locale') === 'en' ? 'en' : 'zh-CN'
  var texts = all[locale]
  if (!texts) return
  document.documentElement.lang = locale
  var nodes = shell.querySelectorAll('[data-text]')
  for (var i = 0; i < nodes.length; i++) nodes[i].textContent = texts[nodes[i].getAttribute('data-text')] || ''
  var form = shell.querySelector('form')
  form.setAttribute('aria-label', texts.form_label || '')
  var brand = hint('brand')
  if (brand) shell.style.setProperty('--dh-shell-brand', brand)
  var username = form.elements.namedItem('username')
  username.value = hint('username') || ''
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    // The React form submits for real once it is up (and validates then).
    form.setAttribute('data-submitted', '1')
    var button = form.querySelector('button')
    button.disabled = true
    button.textContent = texts.signing_in || ''
  })
  // A field the user left is marked, so the console's form shows its rule message on takeover
  // just as if it had been there when the field lost the focus.
  form.addEventListener('focusout', function (event) {
    var name = event.target && event.target.name
    if (name !== 'username' && name !== 'password') return
    var left = (form.getAttribute('data-left') || '').split(' ').filter(Boolean)
    if (left.indexOf(name) < 0) left.push(name)
    form.setAttribute('data-left', left.join(' '))
  })
  // No autofocus: the console's form validates a field when it loses the focus, and a field the
  // user never chose must not greet them with an error. A focus the user gives is carried over.
  shell.hidden = false
}
showLoginShell()
