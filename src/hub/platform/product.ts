/** The product as the console's title bar, sign-in page and portal name it. */
export const PRODUCT = {
  nameCn: 'DataHub 数据交换平台',
  nameEn: 'DataHub Data Exchange',
  /** Where the console lands after sign-in (spec §2: on success the user goes to /). */
  homePath: '/',
} as const

/**
 * The product code licences of this product carry: 'DH' itself (the README's example) or one of
 * its editions, 'DH-<EDITION>' (DH-ENT, DH-STD…). A licence signed for another product, even
 * with this vendor's key, licenses that product, not this one.
 */
export const LICENCE_PRODUCT_CODE = 'DH'
export const isThisProductsCode = (code: string): boolean => code === LICENCE_PRODUCT_CODE || code.startsWith(`${LICENCE_PRODUCT_CODE}-`)
