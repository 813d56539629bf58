/** Fresh listings (issue 14): what the renewal links' confirmation page reads and sends. */
export const RENEWAL_ACTIONS = ['renew', 'fulfil'] as const;
export type RenewalAction = (typeof RENEWAL_ACTIONS)[number];
export const RENEWAL_ACTION_LABELS: Record<RenewalAction, string> = {
  renew: 'Still looking',
  fulfil: 'Mark Fulfilled',
};

// What the API answers: the types of the schemas its routes declare.
export type { RenewalPreview, RenewalResult } from './posting-answers';
