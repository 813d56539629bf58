/** The site-wide addresses: the footer's count and the contact form. */
import { apiPaths } from '../api-paths';
import { get, post } from './call';

export const siteApi = {
  /** Groups matched to date (the footer). */
  stats: () => get<{ groupsMatched: number }>(apiPaths.stats),
  /** Body: { name, email, message }. */
  contact: () => post<{ status: 'sent' }>('/api/contact'),
} as const;
