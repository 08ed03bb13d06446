/** The product as the console's title bar, sign-in page and portal name it. */
export const PRODUCT = {
  nameCn: 'DataHub 数据交换平台',
  nameEn: 'DataHub Data Exchange',
  /** Where the console lands after sign-in (spec §2: on success the user goes to /). */
  homePath: '/',
} as const
