/**
 * The roommate agreement's plain forms (issue 34; issue 31's "no lost tap"): changing a clause and
 * signing, sent before the scripts arrive or with JavaScript off, through the same service as the
 * API (its rules, the text hash of the version read), then back to the agreement page with a notice
 * saying what happened (an edit that cleared signatures says so).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGREEMENT_FORM_ROUTES } from '../../shared/agreement-form-posts';
import { pageAddress } from '../../shared/page-addresses';
import { clauseEditSchema, clauseParamSchema, signatureSchema } from '../../shared/schemas/agreement';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { AgreementService } from './service';

const postingIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** A form's refusal before the service: a code of form-notices.ts, no words of its own. */
const refusedWith = (code: string) => new AppError(400, code, '', code);

export async function agreementFormRoutes(app: FastifyInstance, { service }: { service: AgreementService }) {
  acceptFormBodies(app);
  // Both forms: for the group's parties; to anyone else the agreement is not there (the page says so too).
  const asAParty = {
    action: 'group.agreement',
    unsigned: 'SIGN_IN_FIRST',
    failed: 'AGREEMENT_FAILED',
    renamed: { NOT_FOUND: 'POSTING_GONE' },
    fallback: (request: FastifyRequest) => pageAddress.agreement(postingIdOf(request)),
  } as const;

  app.post(
    AGREEMENT_FORM_ROUTES.editAgreementClause,
    { schema: { hide: true } },
    memberForm({
      ...asAParty,
      async act(request, fields) {
        const params = clauseParamSchema.safeParse({ id: postingIdOf(request), clause: fields.clause ?? '' });
        // A posting id that is no id is no agreement of the viewer's; a clause key that is no key is no clause.
        if (!params.success) {
          throw refusedWith(params.error.issues.some((i) => i.path[0] === 'id') ? 'POSTING_GONE' : 'CLAUSE_NOT_FOUND');
        }
        const body = clauseEditSchema.safeParse({ text: fields.text ?? '', textHash: fields.textHash ?? '' });
        if (!body.success) {
          const field = body.error.issues[0]?.path[0];
          if (field === 'textHash') throw refusedWith('AGREEMENT_CHANGED');
          throw refusedWith((fields.text ?? '').trim() === '' ? 'CLAUSE_EMPTY' : 'CLAUSE_TOO_LONG');
        }
        const view = await service.editClause(viewerOf(request), params.data.id, params.data.clause, body.data);
        return { notice: view.signaturesCleared ? 'SIGNATURES_CLEARED' : 'CLAUSE_SAVED' };
      },
    }),
  );

  app.post(
    AGREEMENT_FORM_ROUTES.signAgreement,
    { schema: { hide: true } },
    memberForm({
      ...asAParty,
      async act(request, fields) {
        const id = clauseParamSchema.shape.id.safeParse(postingIdOf(request));
        if (!id.success) throw refusedWith('POSTING_GONE');
        const body = signatureSchema.safeParse({
          name: fields.name ?? '',
          ...(fields.confirm !== undefined ? { confirm: fields.confirm } : {}),
          textHash: fields.textHash ?? '',
        });
        if (!body.success) {
          const field = body.error.issues[0]?.path[0];
          throw refusedWith(
            field === 'textHash'
              ? 'AGREEMENT_CHANGED'
              : field === 'confirm'
                ? 'CONFIRMATION_REQUIRED'
                : 'NAME_MISMATCH',
          );
        }
        await service.sign(viewerOf(request), id.data, body.data);
        return { notice: 'AGREEMENT_SIGNED' };
      },
    }),
  );
}
