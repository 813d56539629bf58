/**
 * The plain forms of the signed-in pages (issue 31; the rules and the sign-in forms in
 * form-posts.ts): apart from it so that the sign-in page's first load does not carry them.
 */

const FORMS = '/api/forms';

/** The routes as the server registers them (`:id` filled by `memberFormActions`). */
export const MEMBER_FORM_ROUTES = {
  /** POST message: Ping Interest. */
  ping: `${FORMS}/postings/:id/pings`,
  /** POST status=accepted|declined: the admin's answer to a ping. */
  answerPing: `${FORMS}/pings/:id`,
  /** POST currentPassword, password, confirmPassword: the profile's Change Password. */
  changePassword: `${FORMS}/account/password`,
  /** POST confirmEmail: Delete my account (the typed address must be the account's). */
  deleteAccount: `${FORMS}/account/delete`,
  /** POST body: one message in a conversation. */
  sendMessage: `${FORMS}/conversations/:id/messages`,
  /** POST reason, details: a report of a posting to the moderators. */
  report: `${FORMS}/postings/:id/reports`,
  /** POST status: the posting's status, set by its admin or a co-admin. */
  postingStatus: `${FORMS}/postings/:id/status`,
  /** POST (from the drawn confirmation): deletes the posting, its admin only. */
  deletePosting: `${FORMS}/postings/:id/delete`,
  /** POST multipart/form-data, the posting form's fields and its images: creates a posting. */
  createPosting: `${FORMS}/postings`,
  /** POST multipart/form-data, the same: saves the posting (its admin or a co-admin). */
  editPosting: `${FORMS}/postings/:id`,
} as const;

const fill = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** The `action` of each form. */
export const memberFormActions = {
  ping: (postingId: string) => fill(MEMBER_FORM_ROUTES.ping, postingId),
  answerPing: (pingId: string) => fill(MEMBER_FORM_ROUTES.answerPing, pingId),
  sendMessage: (conversationId: string) => fill(MEMBER_FORM_ROUTES.sendMessage, conversationId),
  report: (postingId: string) => fill(MEMBER_FORM_ROUTES.report, postingId),
  postingStatus: (postingId: string) => fill(MEMBER_FORM_ROUTES.postingStatus, postingId),
  deletePosting: (postingId: string) => fill(MEMBER_FORM_ROUTES.deletePosting, postingId),
  changePassword: () => MEMBER_FORM_ROUTES.changePassword,
  deleteAccount: () => MEMBER_FORM_ROUTES.deleteAccount,
  createPosting: () => MEMBER_FORM_ROUTES.createPosting,
  editPosting: (postingId: string) => fill(MEMBER_FORM_ROUTES.editPosting, postingId),
} as const;
