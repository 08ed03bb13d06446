import { createElement, Fragment, type ReactNode } from 'react'

/**
 * An html widget's rich text, shown without ever handing it to the browser as HTML: it is parsed
 * into a detached document (DOMParser runs no scripts and loads nothing), and only the elements
 * of this list are rebuilt, as React elements, without any attribute — no links, images, styles,
 * event handlers or frames. Everything else keeps only its text; script, style and the like are
 * dropped with their content.
 */
const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div'])
const VOID = new Set(['br', 'hr'])
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'head', 'title'])

function nodesOf(parent: Node, key: string): ReactNode[] {
  const out: ReactNode[] = []
  parent.childNodes.forEach((node, i) => {
    const k = `${key}.${i}`
    if (node.nodeType === Node.TEXT_NODE) out.push(node.textContent ?? '')
    else if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = (node as Element).tagName.toLowerCase()
      if (DROPPED.has(tag)) return
      if (!ALLOWED.has(tag)) return void out.push(createElement(Fragment, { key: k }, ...nodesOf(node, k)))
      out.push(VOID.has(tag) ? createElement(tag, { key: k }) : createElement(tag, { key: k }, ...nodesOf(node, k)))
    }
  })
  return out
}

export function RichText({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return <>{nodesOf(doc.body, 'r')}</>
}
