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
