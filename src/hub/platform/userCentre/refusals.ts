import { ResultCode } from '../../../shared/envelope'
import { Refusal } from '../../kernel/refusal'

/** The user centre's refusals: a code and a message key of messages.usercentre.json. */
const onFile = (code: (typeof ResultCode)[keyof typeof ResultCode], key: string) => () => new Refusal(code, key, {}, [{ path: 'file', key }])

export const imageType = onFile(ResultCode.validation, 'msg_uc_image_type')
export const avatarType = onFile(ResultCode.validation, 'msg_uc_avatar_type')
export const emptyFile = onFile(ResultCode.validation, 'msg_uc_file_empty')
export const fileNotFound = () => new Refusal(ResultCode.notFound, 'msg_uc_file_not_found')
/** An attachment is its uploader's (and an administrator's): anyone else is refused as without permission. */
export const attachmentNotYours = () => new Refusal(ResultCode.forbidden, 'msg_permission_denied')
export const favouriteDuplicate = () => new Refusal(ResultCode.conflict, 'msg_uc_favourite_duplicate')
export const favouriteNotFound = () => new Refusal(ResultCode.notFound, 'msg_uc_favourite_not_found')
export const menuNotFound = () => new Refusal(ResultCode.notFound, 'msg_uc_menu_not_found')
