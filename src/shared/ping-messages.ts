/**
 * Ping Interest's strings (docs/product-spec.md, sections 3 to 5 and 8, verbatim where the spec has them). Apart from
 * messages.ts so that pages that never ping (the sign-in page, the search) do not load them first.
 */
export const pingMessages = {
  unsigned: { title: 'Please log in.', message: 'You must be logged in to ping interest to another group.' },
  ownPost: { title: "Can't ping interest.", message: "You can't ping interest for your own post" },
  fulfilled: { title: 'Post Fulfilled', message: 'This post has already been fulfilled' },
  failed: 'Unable to send Ping to Post Administrator',
  sent: 'Ping Sent to Post Administrator!',
  /* Rules the spec leaves open (not in its catalogue; worded in the same voice). */
  sentDetail: 'The group administrator has been e-mailed. You will hear back by e-mail when they answer.',
  tryAgain: 'Please try again.',
  alreadyPending: {
    title: 'Already Pinged',
    message: "You already pinged this group. Please wait for the admin's answer before pinging again.",
  },
  rateLimited: (perHour: number) => ({
    title: 'Too Many Pings',
    message: `You can ping at most ${perHour} groups an hour. Please try again later.`,
  }),
  messageTooLong: (max: number) => `Please keep your message to ${max} characters or fewer.`,
  notFound: { title: 'Ping Not Found', message: 'This ping does not exist or has been removed.' },
  /** The sender blocked someone in the group: their own block, so they are told (issue 30). */
  youBlocked: {
    title: "Can't ping interest.",
    message: 'You blocked someone in this group. Unblock them on your Messages page to ping this group.',
  },
  notAdmin: "Only the posting's admin can answer this ping.",
  alreadyAnsweredTitle: 'Already Answered',
  alreadyAnswered: (status: string) => `This ping has already been answered (${status}).`,
  badAnswer: 'Please choose Accept or Decline.',
  answerFailed: 'Unable to save your answer. Please try again.',
  /** Why the Ping Interest button cannot be used, shown before anyone clicks. */
  blocked: {
    ownPost: 'This is your posting: other students ping you here.',
    ownGroup: 'You are a member of this group: other students ping it here.',
    pending: (date: string) => `You pinged this group on ${date}. Waiting for the admin's answer.`,
  },
};
