import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RichText } from './richText'

describe('an html widget\'s rich text', () => {
  it('keeps text formatting and drops scripts, handlers, links and images', () => {
    const { container } = render(
      <RichText html={'<h2 onclick="alert(1)">On call</h2><p>Today: <b>Li</b> <a href="javascript:alert(1)">call</a><img src=x onerror="alert(1)"></p><script>window.hacked = 1</script><style>body{display:none}</style>'} />,
    )
    expect(container.innerHTML).toBe('<h2>On call</h2><p>Today: <b>Li</b> call</p>')
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
  })
})
