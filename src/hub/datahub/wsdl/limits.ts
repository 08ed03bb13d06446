/**
 * Limits of one resolve, all documents together. Real WSDLs (with their schemas) stay well under
 * 1 MB and a dozen documents; the limits only stop a hostile or broken server from tying the hub up.
 */
export const WSDL_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Fetching and resolving together. */
  timeMs: 10_000,
  maxDocuments: 50,
  maxRedirects: 5,
  /**
   * Steps of the resolver (budget.ts). A large real WSDL (hundreds of operations, dozens of
   * parameters each) takes tens of thousands; this is where a crafted one is stopped.
   */
  maxSteps: 1_000_000,
}
export type WsdlLimits = typeof WSDL_LIMITS
