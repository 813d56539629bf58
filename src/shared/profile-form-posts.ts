/**
 * The plain forms of the profile's sections besides Account (issue 31; the others in form-posts.ts,
 * whose rules these follow): saved searches, invitations, groups, sharing and the unread-message
 * e-mail. Apart from form-posts.ts so that only the pages that draw these sections carry them.
 */

export const PROFILE_FORM_ROUTES = {
  /** POST (from the drawn confirmation): deletes one of the viewer's saved searches. */
  deleteSavedSearch: '/api/forms/saved-searches/:id/delete',
  /** POST alert: a saved search's alert frequency. */
  savedSearchAlert: '/api/forms/saved-searches/:id/alert',
  /** POST answer=join|decline (token: the link's, when it came by one): an invitation to a group. */
  answerInvitation: '/api/forms/invitations/:id',
  /** POST (from the drawn confirmation): leaves a group the viewer joined. */
  leaveGroup: '/api/forms/postings/:id/leave',
  /** POST the sharing form's fields (share.* ticked: 'on'): what the viewer shares with their groups. */
  sharing: '/api/forms/account/sharing',
  /** POST unreadEmail=on (or absent: off): the e-mails about unread messages. */
  conversationSettings: '/api/forms/account/conversation-settings',
} as const;

const fill = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** The `action` of each form. */
export const profileFormActions = {
  deleteSavedSearch: (searchId: string) => fill(PROFILE_FORM_ROUTES.deleteSavedSearch, searchId),
  savedSearchAlert: (searchId: string) => fill(PROFILE_FORM_ROUTES.savedSearchAlert, searchId),
  answerInvitation: (invitationId: string) => fill(PROFILE_FORM_ROUTES.answerInvitation, invitationId),
  leaveGroup: (postingId: string) => fill(PROFILE_FORM_ROUTES.leaveGroup, postingId),
  sharing: () => PROFILE_FORM_ROUTES.sharing,
  conversationSettings: () => PROFILE_FORM_ROUTES.conversationSettings,
} as const;
