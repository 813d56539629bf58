/**
 * Every user-facing title and message from the spec's error catalogue (docs/product-spec.md, section 8) and validation
 * rules (section 5). The server sends these strings in its errors and the client shows what the
 * server says, so they live here once. Functions take the values that come from config.
 */

import { messages as firstLoad } from './first-load-messages';

export const messages = {
  ...firstLoad,
  termsDeclined: (productName: string) => `You must accept the terms to use ${productName}.`,
  sessionExpired: {
    title: 'Session Expired',
    message: 'Please sign in again to accept the Terms & Conditions.',
  },
  inAppBrowser: { title: (app: string) => `${app} In-App Browser Warning`, button: 'I understand' },
  mobileWarning: { title: 'Mobile Warning', button: 'I wish to continue anyway' },
  submit: {
    notSignedIn: { title: 'Not Signed In', message: 'You must be signed in to submit a posting.' },
    failedTitle: 'Submission Failed',
    /** A form sent without the scripts comes back with what was typed; a browser cannot refill a file input. */
    chooseImagesAgain: 'Images you chose were not kept: please choose them again before you submit.',
    storageError: 'An error occurred while uploading your posting information. Please try again.',
    created: 'Posting Submitted!',
    updated: 'Posting Updated!',
    uploadingTitle: 'Uploading..',
    uploadingMessage: 'Please wait while we save your posting information.',
    profilePointer: 'It can be viewed or edited in the profile page.',
  },
  images: {
    notJpegOrPng: (name: string) => `${name} is not a JPG or PNG image.`,
    tooLarge: (name: string, mb: number) => `${name} is larger than ${mb} MB.`,
    tooManyPixels: (name: string, megapixels: number) =>
      `${name} has more than ${megapixels} megapixels; please use a smaller image.`,
    tooMany: (max: number) => `A posting can have at most ${max} images.`,
    unknownImage: 'One of the images to keep no longer belongs to this posting. Please reload the page and try again.',
  },
  postingAccess: {
    notFound: { title: 'Posting Not Found', message: 'This posting does not exist or has been deleted.' },
    notAdmin: "Only the posting's admin can change it.",
    statusUnsigned: 'You must be signed in to change the status of a posting.',
    badStatus: 'Please choose Unfulfilled, Likely Fulfilled or Fulfilled.',
  },
  status: {
    updating: 'Updating Status...',
    updated: 'Status Updated!',
    failed: {
      title: 'Update Failed',
      message: 'An error occurred while updating the posting status. Please try again.',
    },
  },
  bookmark: {
    failed: 'Something went wrong. Please try again.',
    unsigned: 'You need to sign in to bookmark a post',
    ownPost: 'You administer this posting, so it is already in My Administered Posts.',
  },
  deletePosting: {
    confirm: 'Are you sure you want to delete this post? This action cannot be undone.',
    unsigned: 'You must be signed in to delete a post.',
    failed: 'Failed to delete post. Please try again.',
    /** Not in the spec's catalogue (its dialog closes in silence): what the page says after a delete without scripts. */
    done: 'Your posting was deleted.',
  },
  reset: {
    sent: 'Password reset email sent. Please check your inbox.',
    failed: 'Failed to send password reset email. Please try again.',
  },
  signOut: { unexpected: 'An unexpected error occurred during sign-out process.', busy: 'Signing Out...' },
  contact: {
    sent: 'Message Sent!',
    failed: 'Message Failed to Send!',
    failedMessage: (teamEmail: string) => `Please try again, or e-mail us at ${teamEmail}.`,
    note: (days: number) => `If you don't receive a response within ${days} business days, please reach out again.`,
  },
  postings: {
    empty: 'No posts match your criteria. Reset to see all posts matching your listing preference.',
    filterHint: 'Select your search filters above. Filters may be left blank.',
  },
  profile: {
    heading: 'My Profile',
    noAdministered: 'You Have No Administered Posts.',
    noBookmarked: 'You Have No Bookmarked Posts.',
  },
} as const;
