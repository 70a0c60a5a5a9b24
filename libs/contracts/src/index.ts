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
export { FILE_LIST_BODY_LIMIT_BYTES, defineHttpRoute, pathParamsOf, resolveHttpPath, resolveHttpUrl } from './http/define-http-route';
export type { HttpRoute, THttpAuth, THttpBody, THttpCall, THttpMethod, THttpParams, THttpQuery, THttpRequestBody, THttpResponse } from './http/define-http-route';
export { HTTP_ROUTES } from './http/http-routes';
export { AUTH_ROUTES, ZResetTokenParams } from './http/auth.routes';
export { ACCOUNT_ROUTES, ZInviteParams, ZMemberParams, ZPlanCatalogue } from './http/account.routes';
export type { TPlanCatalogue } from './http/account.routes';
export { INVITE_BATCH_MAX, ZInviteBatchBody, ZInviteBatchResponse, ZTeamInviteRef } from './identity/team.schemas';
export type { TInviteBatchBody, TInviteBatchResponse } from './identity/team.schemas';
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
export { REGIONS, DEFAULT_REGION } from './regions';
export { ZRegion } from './regions.schemas';
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
  ZPublicCodePurpose,
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
  DOWNLOAD_HOST_BROKEN,
  SENDING_DOMAIN_BROKEN,
  ZDownloadHostBroken,
  ZSendingDomainBroken,
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
  TDownloadHostBroken,
  TSendingDomainBroken,
  TEmailCodeRequested,
  TPasswordResetRequested,
  TSessionRevoked,
  TTeamInviteCreated,
  TUserRegistered,
} from './identity/identity.events';
export { ZAccessClaims, ZSessionRevocation, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE } from './identity/access-token';
export {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  DEFAULT_API_TOKEN_EXPIRY_DAYS,
  MAX_API_TOKENS_PER_USER,
  ZApiToken,
  ZApiTokenExpiryDays,
  ZApiTokenList,
  ZApiTokenName,
  ZCreateApiTokenBody,
  ZCreatedApiToken,
} from './identity/api-tokens.schemas';
export type { TApiToken, TApiTokenExpiryDays, TApiTokenList, TCreateApiTokenBody, TCreatedApiToken } from './identity/api-tokens.schemas';
export { API_TOKEN_RPC } from './identity/api-tokens.rpc';
export { API_TOKEN_ROUTES, API_TOKEN_SCOPE, ZApiTokenParams } from './http/api-tokens.routes';
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
export { MAX_PART_NUMBER, ZPartSet, partNumbersOf, partRunsOf, partSetText } from './storage/part-set';
export type { TPartSet } from './storage/part-set';
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
export {
  ANALYTICS_DAYS_MAX,
  ZContactListQuery,
  ZContact,
  ZContactList,
  ZAnalyticsQuery,
  ZAnalytics,
  ZStorageSummary,
  ZSendBlock,
  ZUsage,
  ZLatestDownloadsQuery,
  ZLatestDownload,
  ZLatestDownloads,
} from './transfers/dashboard.schemas';
export type {
  TContactListQuery,
  TContact,
  TContactList,
  TAnalyticsQuery,
  TAnalytics,
  TStorageSummary,
  TSendBlock,
  TUsage,
  TLatestDownloadsQuery,
  TLatestDownload,
  TLatestDownloads,
} from './transfers/dashboard.schemas';
export { DASHBOARD_ROUTES } from './http/dashboard.routes';
export { TEST_CLOCK_ROUTES } from './http/test-clock.routes';
export { TEST_CLOCK_RPC, ZTestClock, ZTestClockBody } from './test-clock/test-clock.rpc';
export type { TTestClock, TTestClockBody } from './test-clock/test-clock.rpc';
export { DASHBOARD_RPC } from './transfers/dashboard.rpc';
export { BILLING_ROUTES } from './http/billing.routes';
export { BILLING_RPC } from './billing/billing.rpc';
export { BILLING_PROVIDER_RPC, ZPortalSession, ZStripeWebhookDelivery, ZStripeWebhookReceipt } from './billing/billing-provider.rpc';
export type { TPortalSession, TStripeWebhookDelivery } from './billing/billing-provider.rpc';
export { BILLING_PROVIDER_ROUTES, STRIPE_WEBHOOK_PATH } from './http/billing-provider.routes';
export { SUBSCRIPTION_CHANGED, ZSubscriptionChanged } from './billing/billing.events';
export type { TSubscriptionChanged } from './billing/billing.events';
export { INVOICE_PAID, INVOICE_PAYMENT_FAILED, SUBSCRIPTION_CANCELED, SUBSCRIPTION_TRIAL_ENDING, ZInvoicePaid, ZInvoicePaymentFailed, ZSubscriptionCanceled, ZSubscriptionTrialEnding } from './billing/billing.events';
export type { TInvoicePaid, TInvoicePaymentFailed, TSubscriptionCanceled, TSubscriptionTrialEnding } from './billing/billing.events';
export {
  PAID_PLAN_CODES,
  ZCard,
  ZCardInput,
  ZCheckoutBody,
  ZCheckoutResult,
  ZInvoice,
  ZInvoiceList,
  ZPaidPlanCode,
  ZSubscription,
  ZSubscriptionStatus,
  ZUpdateCardBody,
} from './billing/billing.schemas';
export type { TCard, TCardInput, TCheckoutBody, TCheckoutResult, TInvoice, TPaidPlanCode, TSubscription, TSubscriptionStatus } from './billing/billing.schemas';
export {
  ZCoupon,
  ZCouponCheckBody,
  ZCouponCheckResult,
  ZCouponDuration,
  ZCreateCouponRequest,
  ZCreateLifetimeCodesRequest,
  ZDiscount,
  ZLifetimeCodes,
  ZLifetimeRedeemBody,
  ZPromotionCode,
} from './billing/coupon.schemas';
export type {
  TCoupon,
  TCouponCheckBody,
  TCouponCheckResult,
  TCouponDuration,
  TCreateCouponRequest,
  TDiscount,
  TLifetimeCodes,
  TLifetimeRedeemBody,
} from './billing/coupon.schemas';
export {
  DEFAULT_EXPIRY_CHOICES,
  DEFAULT_USER_SETTINGS,
  REQUEST_EXPIRY_DAY_CHOICES,
  USER_SETTINGS_RPC,
  ZRequestExpiryDays,
  ZDefaultExpirySeconds,
  ZRequestSettings,
  ZTransferSettings,
  ZUpdateSettingsBody,
  ZUserSettings,
} from './identity/user-settings.schemas';
export type { TRequestSettings, TTransferSettings, TUpdateSettingsBody, TUserSettings } from './identity/user-settings.schemas';
export { SETTINGS_ROUTES } from './http/settings.routes';
export { TRANSFER_EXPIRY_REMINDER_DUE, ZTransferExpiryReminderDue } from './transfers/transfer-expiry-reminder.event';
export type { TTransferExpiryReminderDue } from './transfers/transfer-expiry-reminder.event';
export { ACCOUNT_LIFECYCLE_ROUTES, ZDataExportParams } from './http/account-lifecycle.routes';
export { ACCOUNT_LIFECYCLE_RPC } from './account/account-lifecycle.rpc';
export {
  ACCOUNT_DELETION_GRACE_DAYS,
  DATA_EXPORT_LINK_DAYS,
  ZAccountDeletion,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZConfirmEmailChangeBody,
  ZDeleteAccountBody,
} from './account/account-lifecycle.schemas';
export type { TAccountDeletion } from './account/account-lifecycle.schemas';
export { ACCOUNT_DELETED, ACCOUNT_DELETION_REQUESTED, DATA_EXPORT_READY, DATA_EXPORT_REQUESTED } from './account/account-lifecycle.events';
export type { TAccountDeleted, TAccountDeletionRequested, TDataExportReady, TDataExportRequestedEvent } from './account/account-lifecycle.events';
export {
  ZReceipt,
  ZReceiptCheck,
  ZReceiptFile,
  ZReceiptKey,
  ZReceiptKeySet,
  ZReceiptProblem,
  ZReceiptSignature,
  ZSignedReceipt,
  ZVerifyReceiptBody,
} from './receipts/receipt.schemas';
export type { TReceipt, TReceiptCheck, TReceiptFile, TReceiptKey, TReceiptKeySet, TReceiptProblem, TSignedReceipt } from './receipts/receipt.schemas';
export { BRANDING_ROUTES } from './http/branding.routes';
export { BRANDING_RPC } from './identity/branding.rpc';
export { DOWNLOAD_HOST_ROUTES } from './http/download-host.routes';
export { SENDING_DOMAIN_ROUTES } from './http/sending-domain.routes';
export { SENDING_DOMAIN_RPC, ZMailSigner } from './identity/sending-domain.rpc';
export type { TMailSigner } from './identity/sending-domain.rpc';
export { ZDnsRecord, ZSendingDomain, ZSendingDomainProblem, ZSetSendingDomainBody } from './identity/sending-domain.schemas';
export type { TDnsRecord, TSendingDomain, TSendingDomainProblem, TSetSendingDomainBody } from './identity/sending-domain.schemas';
export { DOWNLOAD_HOST_RPC } from './identity/download-host.rpc';
export { ZDownloadHost, ZDownloadHostName, ZDownloadHostProblem, ZDownloadHostStatus, ZSetDownloadHostBody } from './identity/download-host.schemas';
export type { TDownloadHost, TDownloadHostProblem, TDownloadHostStatus, TSetDownloadHostBody } from './identity/download-host.schemas';
export {
  FERRY_BRANDING,
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
  ZBrandingSettings,
  ZHexColor,
  ZPictureGrantBody,
  ZPictureKind,
  ZPublicBranding,
  ZUpdateBrandingBody,
  checkPicture,
  isPictureContentType,
  picturePath,
} from './identity/branding.schemas';
export type { TBrandingSettings, TPictureContentType, TPictureGrantBody, TPictureKind, TPublicBranding, TUpdateBrandingBody } from './identity/branding.schemas';
export { RECEIPTS_RPC } from './receipts/receipts.rpc';
export { RECEIPT_ROUTES, ZReceiptParams } from './http/receipts.routes';
