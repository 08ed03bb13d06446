// The baseline of the boot bench: an empty Vite + React page that mounts one input.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<input aria-label="ready" />)
