/**
 * A space between Chinese and Latin letters or digits (docs/glossary.md, typography), for a text
 * put together from parts: each part follows the rule, but where "新增{{entity}}" meets
 * "API 认证" no single text can carry the space. Texts without Chinese are returned as they are.
 */
export const spaceHanLatin = (text: string): string =>
  text.replace(/(\p{Script=Han})(?=[A-Za-z0-9])|([A-Za-z0-9])(?=\p{Script=Han})/gu, (_, han: string | undefined, latin: string | undefined) => `${han ?? latin} `)
