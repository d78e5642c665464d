/** Every error code the API answers with. The web app translates each code. */
export const ERROR_CODES = [
  "ERR_NO_OTHER_WHATSAPP",
  "ERR_NO_DEF_WAPP_FOUND",
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_WAPP_CHECK_CONTACT",
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_WAPP_DOWNLOAD_MEDIA",
  "ERR_INVALID_CREDENTIALS",
  "ERR_SENDING_WAPP_MSG",
  "ERR_DELETE_WAPP_MSG",
  "ERR_OTHER_OPEN_TICKET",
  "ERR_SESSION_EXPIRED",
  "ERR_USER_CREATION_DISABLED",
  "ERR_NO_PERMISSION",
  "ERR_DUPLICATED_CONTACT",
  "ERR_NO_SETTING_FOUND",
  "ERR_NO_CONTACT_FOUND",
  "ERR_NO_TICKET_FOUND",
  "ERR_NO_USER_FOUND",
  "ERR_NO_WAPP_FOUND",
  "ERR_CREATING_MESSAGE",
  "ERR_CREATING_TICKET",
  "ERR_FETCH_WAPP_MSG",
  "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  "ERR_WAPP_GREETING_REQUIRED",
  "ERR_OUT_OF_HOURS",
  // ours
  "ERR_VALIDATION",
  "ERR_NOT_FOUND",
  "ERR_UNAUTHORIZED",
  "ERR_RATE_LIMITED",
  "ERR_SUBSCRIPTION_EXPIRED",
  "ERR_COMPANY_INACTIVE",
  "ERR_PLAN_FEATURE_DISABLED",
  "ERR_PLAN_LIMIT_USERS",
  "ERR_PLAN_LIMIT_QUEUES",
  "ERR_PLAN_LIMIT_CONNECTIONS",
  "ERR_EMAIL_ALREADY_EXISTS",
  "ERR_EMAIL_NOT_FOUND",
  "ERR_INVALID_RESET_CODE",
  "ERR_MEDIA_TOO_LARGE",
  "ERR_MEDIA_TYPE_NOT_ALLOWED",
  "ERR_MEDIA_LINK_INVALID",
  "ERR_CANNOT_DELETE_SELF",
  "ERR_LAST_ADMIN",
  "ERR_PAYLOAD_TOO_LARGE",
  "ERR_INTERNAL",
  // inbox
  "ERR_TAG_REQUIRED",
  "ERR_TICKET_CHANGED",
  "ERR_MESSAGE_NOT_EDITABLE",
  "ERR_MESSAGE_NOT_DELETABLE",
  "ERR_CHANNEL_UNSUPPORTED",
  "ERR_TRANSCRIPTION_UNAVAILABLE",
  // queues: deleting one that something still points at, or that holds live tickets with no target queue
  "ERR_QUEUE_IN_USE",
  "ERR_QUEUE_HAS_TICKETS",
  // contacts, tags, quick messages
  "ERR_CONTACT_HAS_TICKETS",
  // file lists: deleting one a chatbot option still sends
  "ERR_FILE_LIST_IN_USE",
  // Meta channels
  "ERR_OUTSIDE_WINDOW",
  "ERR_META_NOT_CONFIGURED",
  "ERR_META_TOKEN_EXPIRED",
  "ERR_META_REQUEST_FAILED",
  // web chat: a site the connection's allowed origins do not list
  "ERR_ORIGIN_NOT_ALLOWED",
  // whitelabel logos
  "ERR_LOGO_SVG_NOT_ALLOWED",
  "ERR_LOGO_TYPE_NOT_ALLOWED",
  "ERR_LOGO_TOO_LARGE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = "AppError";
  }

  toJSON() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (message = "Not found") => new AppError("ERR_NOT_FOUND", 404, message);
export const noPermission = (message = "No permission") => new AppError("ERR_NO_PERMISSION", 403, message);
export const validationError = (fields: FieldErrors, message = "Validation failed") => new AppError("ERR_VALIDATION", 400, message, { fields });
