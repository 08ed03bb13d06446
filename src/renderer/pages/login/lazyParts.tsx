import { Suspense, type ComponentProps } from 'react'
import { lazyChunk } from '../../routing/lazyChunk'

const Change = lazyChunk(() => import('./ForcedPasswordChange').then((m) => ({ default: m.ForcedPasswordChange })))

/**
 * The password change after signing in with a password someone else chose: only after the hub
 * said so, never with the first frame (it brings the password rules and their fields).
 */
export function ForcedPasswordChange(props: ComponentProps<typeof Change>) {
  return (
    <Suspense fallback={null}>
      <Change {...props} />
    </Suspense>
  )
}
