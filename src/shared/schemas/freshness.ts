/** Fresh listings (issue 14): what the renewal links' confirmation page reads and sends. */
export const RENEWAL_ACTIONS = ['renew', 'fulfil'] as const;
export type RenewalAction = (typeof RENEWAL_ACTIONS)[number];
export const RENEWAL_ACTION_LABELS: Record<RenewalAction, string> = {
  renew: 'Still looking',
  fulfil: 'Mark Fulfilled',
};

/** GET /api/renewals/:token: what the link would do (nothing changes until the page POSTs). */
export interface RenewalPreview {
  action: RenewalAction;
  postingId: string;
  place: string;
}

/** POST /api/renewals/:token. */
export interface RenewalResult {
  action: RenewalAction;
  postingId: string;
  message: string;
}
