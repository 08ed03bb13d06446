import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto'
import { canonicalPayload, type LicenceFile, type LicencePayload } from '../../shared/licence/format'

/** A fresh Ed25519 key pair as PEM: the private key signs licences (vendor side), the public key goes to hubs. */
export function generateLicenceKeys(): { publicPem: string; privatePem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }
}

const payloadBytes = (payload: LicencePayload) => Buffer.from(canonicalPayload(payload), 'utf8')

/** Signs a payload; Ed25519 takes no digest name (null): it hashes internally. */
export function signLicence(payload: LicencePayload, privatePem: string): LicenceFile {
  const key = createPrivateKey(privatePem)
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key must be Ed25519, got ${key.asymmetricKeyType ?? 'unknown'}`)
  return { payload, signature: sign(null, payloadBytes(payload), key).toString('base64') }
}

// One KeyObject per PEM text: the gate verifies on every protected call while enforcement is on.
const keys = new Map<string, KeyObject>()
function publicKeyOf(pem: string): KeyObject {
  let key = keys.get(pem)
  if (!key) {
    key = createPublicKey(pem)
    keys.set(pem, key)
  }
  return key
}

/** Whether `file`'s signature was made over its payload by the private half of `publicPem`. */
export function signatureMatches(file: LicenceFile, publicPem: string): boolean {
  try {
    return verify(null, payloadBytes(file.payload), publicKeyOf(publicPem), Buffer.from(file.signature, 'base64'))
  } catch {
    // A signature of the wrong length makes verify throw rather than answer false.
    return false
  }
}
