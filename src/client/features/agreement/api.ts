import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agreementKeys } from '../../../shared/query-keys';
import type { AgreementView } from '../../../shared/schemas/agreement-answers';
import { api } from '../../api/client';

/** The group's roommate agreement; read again when the live stream says it changed (its 'agreement' event). */
export function useAgreement(postingId: string) {
  return useQuery({
    queryKey: agreementKeys.one(postingId),
    queryFn: ({ signal }) => api.get('/api/postings/{id}/agreement', { path: { id: postingId }, signal }),
    enabled: postingId.length > 0,
    retry: false,
  });
}

/** Every change answers the agreement as it now is: the page shows it at once. */
function useAgreementChange<I>(postingId: string, call: (input: I) => Promise<AgreementView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => queryClient.setQueryData(agreementKeys.one(postingId), view),
    // Refused (another party changed it meanwhile, or the group changed): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: agreementKeys.one(postingId) }),
  });
}

export function useEditClause(postingId: string) {
  return useAgreementChange(
    postingId,
    ({ clause, text, textHash }: { clause: string; text: string; textHash: string }) =>
      api.post('/api/postings/{id}/agreement/clauses/{clause}', {
        path: { id: postingId, clause },
        body: { text, textHash },
      }),
  );
}

export function useSignAgreement(postingId: string) {
  return useAgreementChange(postingId, (body: { name: string; confirm?: boolean | string; textHash: string }) =>
    api.post('/api/postings/{id}/agreement/signatures', { path: { id: postingId }, body }),
  );
}
