/**
 * The roommate agreement's plain forms (issue 34; the rules of form-posts.ts): apart from it so that
 * only the agreement page carries them.
 */

export const AGREEMENT_FORM_ROUTES = {
  /** POST clause, text, textHash: one clause of a group's roommate agreement changed. */
  editAgreementClause: '/api/forms/postings/:id/agreement/clauses',
  /** POST name, confirm, textHash: the viewer's signature on the version they read. */
  signAgreement: '/api/forms/postings/:id/agreement/signatures',
} as const;

const fill = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** The `action` of each form. */
export const agreementFormActions = {
  editAgreementClause: (postingId: string) => fill(AGREEMENT_FORM_ROUTES.editAgreementClause, postingId),
  signAgreement: (postingId: string) => fill(AGREEMENT_FORM_ROUTES.signAgreement, postingId),
} as const;
