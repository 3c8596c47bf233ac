/**
 * Limits on what a client sends, without the validation library (case.ts and the web app's first load use
 * them). Decision 016 explains the numbers: each is well above what a real client sends and far below what
 * could hurt a query, an index or a log line.
 */

/** RFC 5321's longest usable address (a 256-octet path minus its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** First and last names. */
export const NAME_MAX_LENGTH = 50;
/** Address lines and cities of the checkout forms. */
export const ADDRESS_LINE_MAX_LENGTH = 100;
/**
 * Tokens the server issued (access, refresh, e-mail confirmation, password reset: 43 characters today) and
 * OAuth client secrets; room to grow, nothing more.
 */
export const TOKEN_MAX_LENGTH = 256;
/** OAuth client ids and other identifiers of one word (grant types, hints). */
export const IDENTIFIER_MAX_LENGTH = 100;
/**
 * The deepest JSON a request may nest (objects and arrays). The deepest real body (an analytics batch) nests
 * 4 levels; thousands overflowed the stack of every recursive walk.
 */
export const MAX_NESTING_DEPTH = 32;
