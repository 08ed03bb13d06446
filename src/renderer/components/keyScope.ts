/**
 * Where the window's key listeners must let keys be. xyflow (the topic flow diagrams, the process
 * designer) listens for keys on the whole window — Space pans, Delete removes, Shift and Ctrl
 * select — and takes them, preventDefault included, unless the event comes from an input, a
 * textarea, a select, a contenteditable element or from inside an element with this class. The
 * code editor is none of the first four: Monaco types through the browser's EditContext on a
 * plain div, so without the class a canvas ate its spaces (issue 33). Dialogs carry it too, so
 * nothing typed or pressed in a dialog ever reaches a canvas behind it.
 */
export const OWN_KEYS_CLASS = 'nokey'
