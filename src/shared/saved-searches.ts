/**
 * The constants and messages of saved searches and their alerts (issue 14). Not in docs/product-spec.md, so
 * they live beside options.ts and messages.ts rather than in them: only the saved-search code loads
 * them, and the first load of every page stays as small as before (decision 0009's budget).
 */
/** Saved searches (issue 14): how often a student hears of new postings that match one. */
export const ALERT_FREQUENCIES = ['immediately', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  off: 'Off',
};
export const SAVED_SEARCH_NAME_MAX = 80;
/** Saved searches one student may keep. */
export const SAVED_SEARCHES_MAX = 25;

export const savedSearchMessages = {
  save: 'Save this search',
  dialogTitle: 'Save this search',
  dialogDescription: 'Give it a name to find it on your profile, and choose how often to hear of new postings.',
  saved: (name: string) => `Saved “${name}”. Find it under My Saved Searches on your profile.`,
  /** Saved by the plain form (before the scripts), whose answer names no search. */
  savedWithoutName: 'Search saved. Find it under My Saved Searches on your profile.',
  heading: 'My Saved Searches',
  empty: 'You Have No Saved Searches. Save one from Search Postings.',
  nameRequired: 'Please give the search a name.',
  nameTooLong: (max: number) => `The name can be at most ${max} characters long.`,
  badAlert: 'Please choose how often to be alerted: immediately, daily digest or off.',
  nothingToChange: 'Nothing to change: send a new name or alert setting.',
  tooMany: (max: number) => `You can keep up to ${max} saved searches. Delete one to save another.`,
  notFound: { title: 'Saved Search Not Found', message: 'This saved search does not exist any more.' },
  failedTitle: 'Could Not Save the Search',
  deleteConfirm: (name: string) => `Delete the saved search “${name}”? Its alerts stop too.`,
  alertUpdated: 'Alert setting saved.',
  unsubscribe: {
    title: 'Turn Off Alerts',
    question: (name: string) => `Stop e-mail alerts for your saved search “${name}”?`,
    button: 'Turn off alerts',
    done: (name: string) => `Alerts are off for “${name}”. You can turn them on again on your profile.`,
    alreadyOff: (name: string) => `Alerts for “${name}” are already off.`,
    invalid: {
      title: 'Link Not Valid',
      message: 'This unsubscribe link is not valid. Sign in and change the alert setting on your profile instead.',
    },
    expired: {
      title: 'Link Expired',
      message:
        'This unsubscribe link has expired (links work for a year). Sign in and change the alert setting on your profile instead.',
    },
  },
};
