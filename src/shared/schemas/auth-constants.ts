// Auth constants without zod, so a page may show them without loading the schemas.

/** The id of the OpenID Connect provider in /api/auth/callback/{id}. */
export const OIDC_PROVIDER_ID = 'oidc';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Account names: 1 to this many characters (issue 22). */
export const ACCOUNT_NAME_MAX_LENGTH = 100;
