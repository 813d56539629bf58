/**
 * The plain forms of the profile's sections besides Account (issue 31; the others in form-posts.ts,
 * whose rules these follow): saved searches, invitations, groups, sharing, the unread-message
 * e-mail and the blocked students. Apart from form-posts.ts so that only the pages that draw these
 * sections carry them.
 */

export const PROFILE_FORM_ROUTES = {
  /** POST (from the drawn confirmation): deletes one of the viewer's saved searches. */
  deleteSavedSearch: '/api/forms/saved-searches/:id/delete',
  /** POST alert: a saved search's alert frequency. */
  savedSearchAlert: '/api/forms/saved-searches/:id/alert',
  /** POST name, alert (from the drawn editor, `?editSearch=`): a saved search's name and alert. */
  editSavedSearch: '/api/forms/saved-searches/:id/edit',
  /** POST answer=join|decline (token: the link's, when it came by one): an invitation to a group. */
  answerInvitation: '/api/forms/invitations/:id',
  /** POST (from the drawn confirmation): leaves a group the viewer joined. */
  leaveGroup: '/api/forms/postings/:id/leave',
  /** POST the sharing form's fields (share.* ticked: 'on'): what the viewer shares with their groups. */
  sharing: '/api/forms/account/sharing',
  /** POST unreadEmail=on (or absent: off): the e-mails about unread messages. */
  conversationSettings: '/api/forms/account/conversation-settings',
  /** POST: unblocks the student (:id, a user id) the viewer blocked. */
  unblock: '/api/forms/account/blocks/:id/unblock',
} as const;

const fill = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** The `action` of each form. */
export const profileFormActions = {
  deleteSavedSearch: (searchId: string) => fill(PROFILE_FORM_ROUTES.deleteSavedSearch, searchId),
  savedSearchAlert: (searchId: string) => fill(PROFILE_FORM_ROUTES.savedSearchAlert, searchId),
  editSavedSearch: (searchId: string) => fill(PROFILE_FORM_ROUTES.editSavedSearch, searchId),
  answerInvitation: (invitationId: string) => fill(PROFILE_FORM_ROUTES.answerInvitation, invitationId),
  leaveGroup: (postingId: string) => fill(PROFILE_FORM_ROUTES.leaveGroup, postingId),
  sharing: () => PROFILE_FORM_ROUTES.sharing,
  conversationSettings: () => PROFILE_FORM_ROUTES.conversationSettings,
  unblock: (userId: string) => fill(PROFILE_FORM_ROUTES.unblock, userId),
} as const;
