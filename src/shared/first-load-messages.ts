/**
 * The messages of the sign-in page and of the app's shell (loading, the API's generic errors,
 * signing in): the part of messages.ts that the sign-in page's first load carries, in a module of
 * its own so that page's scripts stay within their budget (80 KB, decision 0009). messages.ts
 * includes all of it, and everything else imports that.
 */

export const messages = {
  loading: 'Loading...',
  accessRestricted: (emailDomain: string) => `Access restricted. Only @${emailDomain} emails are allowed.`,
  verification: {
    sent: 'Verification email sent.',
    failed: 'Failed to send verification email. Please try again.',
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
    unknownPlace: 'That place is not one of the campus places.',
    internal: { title: 'Something Went Wrong', message: 'Something went wrong on our side. Please try again.' },
    unavailable: { title: 'Service Unavailable', message: 'The service is temporarily unavailable. Please try again.' },
  },
} as const;
