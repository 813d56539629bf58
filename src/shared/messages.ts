/**
 * Every user-facing title and message from the spec's error catalogue (docs/product-spec.md, section 8) and validation
 * rules (section 5). The server sends these strings in its errors and the client shows what the
 * server says, so they live here once. Functions take the values that come from config.
 */

export const messages = {
  loading: 'Loading...',
  accessRestricted: (emailDomain: string) => `Access restricted. Only @${emailDomain} emails are allowed.`,
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
  },
  verification: {
    sent: 'Verification email sent.',
    failed: 'Failed to send verification email. Please try again.',
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
  /** Sign-in, sign-up, verification, reset and terms (spec sections 2, 4 and 8, worded where the spec is silent). */
  auth: {
    /** A moderator suspended the account (issue 14). */
    accountSuspended:
      'This account has been suspended by a moderator. If you think this is a mistake, write to us through the Contact page.',
    heading: (collegeName: string) => `Sign in with your ${collegeName} email to continue`,
    signInWith: (label: string) => `Sign in with ${label}`,
    notVerified: { title: 'Email Not Verified', message: 'Verify your e-mail address to continue.' },
    unverifiedNotice: (email: string) =>
      `Your e-mail address ${email} is not verified yet. Open the link we sent you, or send a new one. Until then you can only see this page.`,
    sendVerification: 'Send Verification Email',
    sendReset: 'Send Reset Email',
    signOut: 'Sign Out',
    greeting: (who: string) => `Hello ${who}, you are signed in.`,
    invalidCredentials: 'Incorrect e-mail or password.',
    signUpSent: (email: string) =>
      `We sent a verification link to ${email}. Open it to choose your password and finish signing up.`,
    passwordTooShort: (min: number) => `Password must be at least ${min} characters long.`,
    passwordTooLong: (max: number) => `Password must be at most ${max} characters long.`,
    passwordsDiffer: 'The two passwords do not match.',
    emailInvalid: 'Enter a valid e-mail address.',
    nameRequired: 'Enter your name.',
    nameTooLong: (max: number) => `Your name must be at most ${max} characters.`,
    /** Control characters (line breaks, NUL) and bidi overrides would reach e-mail subjects and pages. */
    nameInvalidCharacters: 'Your name may not contain line breaks, control characters or text-direction marks.',
    /** The mailed link's page (issue 22): the address is proven there, and the password chosen there. */
    verifyHeading: 'Confirm Your E-mail',
    verifyIntro: (email: string) =>
      `Choose the password you will sign in with as ${email}. Any password given when signing up is replaced.`,
    verifyLinkInvalid:
      'This verification link is invalid, has expired or was already used. Sign up again for a new one.',
    notVerifiedSignIn: 'Your e-mail address is not verified yet. Open the link we sent you, or send a new one.',
    resetDone: 'Your password has been changed. You can sign in with it now.',
    resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
    providerUnavailable: (label: string) =>
      `Sign-in with ${label} is not available right now. Please try again in a moment.`,
    providerEmailNotVerified: (label: string) =>
      `${label} has not verified this e-mail address, so it cannot be used to sign in.`,
    accountNotLinked:
      'An account with this e-mail already exists. Sign in with your password (verify your e-mail first) to continue.',
    signInFailed: 'Sign-in did not complete. Please try again.',
    termsChanged: {
      title: 'Terms & Conditions',
      message: 'The Terms & Conditions have changed. Please read them again.',
    },
    terms: {
      title: 'Terms & Conditions',
      agree: 'I Agree',
      disagree: 'I Disagree',
      paragraphs: (productName: string, collegeName: string, emailDomain: string) => [
        `${productName} helps students of ${collegeName} find roommates and housing. Only accounts with an @${emailDomain} e-mail address are allowed.`,
        `${productName} does not run background checks on anyone. Meet people you find here with care, and use your own judgement before sharing housing or money.`,
        'If you disagree, your account and everything it owns is deleted.',
      ],
    },
    inAppBrowserText: (app: string) =>
      `You are viewing this page inside ${app}. Sign-in may not work here: open this page in your regular browser (Safari, Chrome, Firefox...) instead.`,
    mobileWarningText: (productName: string) =>
      `${productName} is not optimized for mobile devices yet. For the best experience, use a computer or a wider window.`,
  },
  /** Generic API errors (not in the spec's catalogue; worded for a person, never a stack trace). */
  api: {
    notFound: { title: 'Not Found', message: 'There is nothing at this address.' },
    badRequest: { title: 'Invalid Request', message: 'Some of the information sent was not valid.' },
    unauthorized: { title: 'Not Signed In', message: 'You must be signed in to do that.' },
    forbidden: { title: 'Not Allowed', message: 'You are not allowed to do that.' },
    tooLarge: { title: 'Too Large', message: 'What you sent is larger than we accept.' },
    rateLimited: { title: 'Too Many Requests', message: 'Too many attempts. Please wait a moment and try again.' },
    /** A paging cursor that is not one of the list's own (edited by hand, or the list changed). */
    invalidCursor: 'This list changed shape; reload it from the start.',
    /** The posting an action is about was deleted meanwhile (or the id is not a posting's). */
    postingGone: 'This posting no longer exists.',
    /** A search filter naming a dorm the college does not have. */
    unknownDorm: 'That dorm is not one of the listed dorms.',
    internal: { title: 'Something Went Wrong', message: 'Something went wrong on our side. Please try again.' },
    unavailable: { title: 'Service Unavailable', message: 'The service is temporarily unavailable. Please try again.' },
  },
} as const;
