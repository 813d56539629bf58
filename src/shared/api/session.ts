/**
 * The session and the college's configuration: what every page loads first (the sign-in page
 * included), so this table stays tiny and leaves out the heavier feature tables.
 */
import { CONFIG_PATH, ME_PATH } from '../page-answers';
import type { AccountDetails } from '../schemas/account';
import type { PublicConfig } from '../schemas/college';
import type { MeResponse } from '../schemas/me';
import { del, get, post } from './call';

export const sessionApi = {
  config: () => get<PublicConfig>(CONFIG_PATH),
  me: () => get<MeResponse>(ME_PATH),
  /** 'I Agree' in the Terms & Conditions dialog. Body: { version }. */
  acceptTerms: () => post<MeResponse>('/api/me/terms'),
  /** 'I Disagree': the account and everything it owns are deleted. */
  declineTerms: () => post<{ deleted: true }>('/api/me/decline'),
  /** The profile's Account section. */
  account: () => get<AccountDetails>('/api/me/account'),
  /** Delete my account. Body: { confirmEmail }. */
  deleteAccount: () => del<{ deleted: true }>(ME_PATH),
} as const;
