import { APIError } from 'better-auth/api';
import { messages } from '../../shared/messages';
import type { AppConfig } from '../config';

export const EMAIL_DOMAIN_NOT_ALLOWED = 'EMAIL_DOMAIN_NOT_ALLOWED';

/**
 * Who may have an account: an address whose domain equals the college's domain exactly
 * (case-insensitively), or one of the subdomains the college config lists. Nothing else:
 * not `evilbc.edu`, not `bc.edu.evil.com`, not an unlisted `mail.bc.edu`.
 */
export function isCollegeEmail(email: string, emailDomain: string, allowedSubdomains: readonly string[] = []): boolean {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at !== trimmed.indexOf('@')) return false;
  const domain = trimmed.slice(at + 1);
  if (!domain) return false;
  return domain === emailDomain.toLowerCase() || allowedSubdomains.some((sub) => domain === sub.toLowerCase());
}

/** The college's e-mail policy as better-auth errors: a refused account is never written. */
export function assertCollegeEmail(config: AppConfig, email: string): void {
  const { emailDomain, allowedEmailSubdomains } = config.college.college;
  if (!isCollegeEmail(email, emailDomain, allowedEmailSubdomains)) {
    // BAD_REQUEST, not FORBIDDEN: better-auth turns a FORBIDDEN here into a fake success.
    throw new APIError('BAD_REQUEST', {
      code: EMAIL_DOMAIN_NOT_ALLOWED,
      message: messages.accessRestricted(emailDomain),
    });
  }
}
