export { ERROR_STATUS, isErrorCode } from './errors/error-codes';
export type { TErrorCode } from './errors/error-codes';
export { AppError, isAppError } from './errors/app-error';
export type { AppErrorOptions, TAppErrorJson } from './errors/app-error';
export { toValidationError, parseOrThrow } from './errors/validation-error';
export { defineRpc } from './messaging/define-rpc';
export type { RpcDef } from './messaging/define-rpc';
export { defineEvent, ZEventBase } from './messaging/define-event';
export type { EventDef, DefineEventOptions } from './messaging/define-event';
export { ZErrorBody } from './http/error-body';
export type { TErrorBody } from './http/error-body';
export { defineHttpRoute, pathParamsOf, resolveHttpPath, resolveHttpUrl } from './http/define-http-route';
export type { HttpRoute, THttpAuth, THttpBody, THttpCall, THttpMethod, THttpParams, THttpQuery, THttpRequestBody, THttpResponse } from './http/define-http-route';
export { HTTP_ROUTES } from './http/http-routes';
export { AUTH_ROUTES, ZResetTokenParams } from './http/auth.routes';
export { ACCOUNT_ROUTES, ZInviteParams, ZMemberParams, ZPlanCatalogue } from './http/account.routes';
export type { TPlanCatalogue } from './http/account.routes';
export { FEEDBACK_ROUTES } from './http/feedback.routes';
export { GEO_ROUTES } from './http/geo.routes';
export { NOTIFICATION_ROUTES, ZNotificationListQuery, ZNotificationParams } from './http/notifications.routes';
export { REQUEST_ROUTES, ZRequestUploadParams } from './http/requests.routes';
export {
  STORAGE_ROUTES,
  ZCompleteUploadsBody,
  ZGrantList,
  ZGrantsBody,
  ZRegionList,
  ZStoredObjectList,
  ZUploadedPartList,
  ZUploadTokenBody,
} from './http/storage.routes';
export type { TGrantsBody } from './http/storage.routes';
export {
  TRANSFER_ROUTES,
  ZExtensionTokenParams,
  ZPublicTransferQuery,
  ZRequestExtensionBody,
  ZSlugParams,
  ZTransferIdParams,
} from './http/transfers.routes';
export { FEATURE_PAGES, MARKETING_PAGES, WEB_REDIRECTS, isWebRoute } from './web/web-routes';
export type { TFeaturePage } from './web/web-routes';
export { REGIONS, DEFAULT_REGION, ZRegion } from './regions';
export type { TRegion } from './regions';
export { ZText, ZLine, isPlainText } from './text/text.schemas';
export { DOT_NAME_MESSAGE, FILE_NAME_MAX, FOLDER_PATH_MAX, ZFileName, ZFolderPath } from './text/file-name.schemas';
export {
  PASSWORD_MIN_MESSAGE,
  ZEmail,
  ZPassword,
  ZVerificationCode,
  ZLang,
  ZCodePurpose,
  ZPlanCode,
  ZUserStatus,
  ZFingerprint,
  ZParentAdmin,
  ZUser,
  ZTeamMember,
  ZTeamInvite,
  ZTeam,
  ZRequestEmailCodeBody,
  ZVerifyEmailCodeBody,
  ZVerifyEmailCodeResponse,
  ZSignupBody,
  ZLoginBody,
  ZSessionResponse,
  ZPasswordResetRequestBody,
  ZPasswordResetBody,
  ZResetToken,
  ZUpdateMeBody,
  ZInviteBody,
  ZInviteId,
  ZAcceptInviteBody,
  ZCreatedInvite,
} from './identity/identity.schemas';
export type {
  TLang,
  TCodePurpose,
  TPlanCode,
  TUserStatus,
  TUser,
  TTeam,
  TSignupBody,
  TSessionResponse,
  TUpdateMeBody,
} from './identity/identity.schemas';
export { FEEDBACK_COMMENT_MAX, ZFeedbackRating, ZFeedbackBody } from './identity/feedback.schemas';
export type { TFeedbackRating, TFeedbackBody } from './identity/feedback.schemas';
export { IDENTITY_RPC, ZClientInfo, ZIssuedSession } from './identity/identity.rpc';
export type { TIssuedSession } from './identity/identity.rpc';
export { PASSWORD_RESET_ASKED, ZPasswordResetAsked } from './identity/password-reset-asked.event';
export type { TPasswordResetAsked } from './identity/password-reset-asked.event';
export {
  EMAIL_CODE_REQUESTED,
  PASSWORD_RESET_REQUESTED,
  SESSION_REVOKED,
  TEAM_INVITE_CREATED,
  USER_REGISTERED,
  ZEmailCodeRequested,
  ZPasswordResetRequested,
  ZSessionRevoked,
  ZTeamInviteCreated,
  ZUserRegistered,
} from './identity/identity.events';
export type {
  TEmailCodeRequested,
  TPasswordResetRequested,
  TSessionRevoked,
  TTeamInviteCreated,
  TUserRegistered,
} from './identity/identity.events';
export { ZAccessClaims, ZSessionRevocation, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE } from './identity/access-token';
export type { TAccessClaims, TSessionRevocation } from './identity/access-token';
export {
  MAX_OBJECT_BYTES,
  ZGrantType,
  ZGrantOwner,
  ZUploadFile,
  ZPresignedRequest,
  ZPresignedPart,
  ZUploadGrant,
  ZUploadToken,
  ZPartsToSign,
  ZSignUploadBody,
  ZSignUploadResponse,
  ZUploadedPart,
  ZCompleteUpload,
  ZStoredObject,
  ZRegionInfo,
} from './storage/storage.schemas';
export type {
  TGrantType,
  TGrantOwner,
  TPresignedRequest,
  TPresignedPart,
  TPartToSign,
  TUploadGrant,
  TSignUploadResponse,
  TUploadedPart,
  TCompleteUpload,
  TStoredObject,
  TRegionInfo,
} from './storage/storage.schemas';
export { STORAGE_RPC } from './storage/storage.rpc';
export { GEO_RPC, ZGeoLocation, ZGeoMeResponse, UNKNOWN_LOCATION } from './geo/geo.rpc';
export type { TGeoLocation, TGeoMeResponse } from './geo/geo.rpc';
export { TRANSFER_DOWNLOADED, REQUEST_UPLOADED, ZTransferDownloaded, ZRequestUploaded } from './transfers/transfers.events';
export type { TTransferDownloaded, TRequestUploaded } from './transfers/transfers.events';
export {
  NOTIFICATIONS_RPC,
  NOTIFICATION_CREATED,
  ZNotification,
  ZNotificationList,
  ZNotificationCreated,
} from './notifications/notifications.schemas';
export type { TNotification, TNotificationList, TNotificationCreated } from './notifications/notifications.schemas';
export {
  TRANSFER_CREATED,
  TRANSFER_EXTENSION_OFFERED,
  TRANSFER_EXTENDED,
  ZTransferCreated,
  ZTransferExtensionOffered,
  ZTransferExtended,
} from './transfers/transfers.events';
export type { TTransferCreated, TTransferExtensionOffered, TTransferExtended } from './transfers/transfers.events';
export {
  ZSlug,
  MESSAGE_MAX,
  TRANSFER_PASSWORD_MIN,
  ZTransferPassword,
  ZDraftFile,
  ZRecipient,
  ZTransferDraft,
  ZTransferFile,
  ZDroppedFile,
  ZCreatedTransfer,
  ZCompleteTransferBody,
  ZCompletedTransfer,
  ZDownloadRecord,
  ZTransferSummary,
  ZTransferCounts,
  ZTransferFilter,
  ZTransferSort,
  ZTransferListQuery,
  ZTransferList,
  ZTransferDetail,
  ZPublicTransfer,
  ZDownloadBody,
  ZDownloadUrl,
  ZForwardBody,
  ZAddFilesBody,
  ZRestrictBody,
  ZShareBody,
  ZExtensionResult,
} from './transfers/transfers.schemas';
export type {
  TDraftFile,
  TRecipient,
  TTransferDraft,
  TTransferFile,
  TDroppedFile,
  TCreatedTransfer,
  TDownloadRecord,
  TTransferSummary,
  TTransferCounts,
  TTransferListQuery,
  TTransferList,
  TTransferDetail,
  TPublicTransfer,
  TDownloadBody,
} from './transfers/transfers.schemas';
export { PREVIEW_MAX_BYTES, previewKindOf } from './transfers/file-preview';
export type { TPreviewKind } from './transfers/file-preview';
export { TRANSFERS_RPC, ZCaller, ZClient } from './transfers/transfers.rpc';
export type { TCaller } from './transfers/transfers.rpc';
export {
  REQUEST_TITLE_MAX,
  ZCreateRequestBody,
  ZCreatedRequest,
  ZRequestSummary,
  ZRequestListQuery,
  ZRequestList,
  ZRequestFile,
  ZRequestDetail,
  ZPublicRequest,
  ZRequestUploadBody,
  ZRequestUploadStarted,
  ZCompleteRequestUploadBody,
  ZCompletedRequestUpload,
  ZRequestDownloadBody,
} from './transfers/requests.schemas';
export type {
  TCreateRequestBody,
  TCreatedRequest,
  TRequestSummary,
  TRequestListQuery,
  TRequestList,
  TRequestFile,
  TRequestDetail,
  TPublicRequest,
  TRequestUploadBody,
  TRequestUploadStarted,
  TCompletedRequestUpload,
  TRequestDownloadBody,
} from './transfers/requests.schemas';
export { REQUESTS_RPC } from './transfers/requests.rpc';
export { ANALYTICS_DAYS_MAX, ZContactListQuery, ZContact, ZContactList, ZAnalyticsQuery, ZAnalytics } from './transfers/dashboard.schemas';
export type { TContactListQuery, TContact, TContactList, TAnalyticsQuery, TAnalytics } from './transfers/dashboard.schemas';
export { DASHBOARD_RPC } from './transfers/dashboard.rpc';
