/**
 * Fresh listings (issue 14): what students are told about reminders, renewal links and stale
 * postings. Not in the spec's catalogue (docs/product-spec.md), worded in its voice; kept out of
 * messages.ts so that every page's first load does not carry them.
 */
export const freshnessMessages = {
  invalidLink: {
    title: 'Link Not Valid',
    message: 'This link is not valid. Open the latest e-mail about your posting, or manage it from your profile.',
  },
  expiredLink: {
    title: 'Link Expired',
    message:
      'This link has expired. You can still renew your posting or mark it Fulfilled from its page: sign in and open it from your profile.',
  },
  usedLink: {
    title: 'Link Already Used',
    message:
      'This link has already been used or has been replaced by a newer one. You can manage your posting from your profile.',
  },
  renewed: 'Thanks! Your posting is marked as still looking and shows in search again.',
  fulfilled: 'Your posting is marked Fulfilled. Open pings have been closed.',
  staleNotice:
    'Its group has not confirmed that it is still looking, so it is left out of search unless you ask for stale postings.',
  staleAdminNotice:
    'Your posting is marked stale and hidden from search by default, because we did not hear back after asking whether you are still looking. Confirm below or edit it to bring it back.',
};
