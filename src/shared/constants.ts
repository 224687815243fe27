/** Business constants from the spec (section 9) and docs/spec/decisions.md. Money is integer pence. */
export const CURRENCY = 'GBP';
export const SHIPPING_PENCE = 383;
export const CART_QTY_MIN = 1;
export const CART_QTY_MAX = 99;
export const DISCOUNT_PERCENT_MIN = 1;
export const DISCOUNT_PERCENT_MAX = 99;
export const DISCOUNT_PERCENT_DEFAULT = 10;
export const DISCOUNT_CODE_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const PRODUCT_IMAGE_SLOTS = 6;
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_AGES = ['Kids', 'Adults'] as const;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_DISPLAY_CUT = 850;
export const REVIEW_DISPLAY_LIMIT = 900;
export const META_DESCRIPTION_LENGTH = 155;
export const SEARCH_MAX_RESULTS = 10;

/** Timings in milliseconds. */
export const BANNER_MS = 3000;
/** The spec's "some messages clear after 2000 ms": the shop's one such message is the product form's load failure (decision 096). */
export const SHORT_MESSAGE_MS = 2000;
export const PASSWORD_CHANGED_REDIRECT_MS = 3000;
export const PRODUCT_SAVED_REDIRECT_MS = 1000;
export const PRODUCT_LOAD_FAILURE_MS = SHORT_MESSAGE_MS;
export const SSE_RECONNECT_MS = 300000;
export const WELCOME_SCROLL_PX = 750;

/** Token lifetimes in seconds. */
export const SESSION_TTL_S = 7 * 24 * 3600;
export const PASSWORD_RESET_TTL_S = 3600;
export const ADMIN_VERIFY_TTL_S = 15 * 60;
export const REVIEW_TOKEN_TTL_S = 60 * 24 * 3600;
export const EMAIL_VERIFY_TTL_S = 7 * 24 * 3600;

export type ProductAge = (typeof PRODUCT_AGES)[number] | '';
export type Role = 'customer' | 'user' | 'admin';
export type SocialProvider = 'google' | 'facebook';
