import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/api-paths';
import type {
  InvitationCount,
  InvitationList,
  InvitationView,
  JoinAnswer,
  MemberAnswer,
  MyGroupList,
  Sharing,
} from '../../../shared/schemas/groups';
import type { Me } from '../../../shared/schemas/me';
import { apiFetch } from '../../api/client';
import { postingKeys } from '../../shell/posting-keys';

const groupKeys = {
  invitations: ['groups', 'invitations'] as const,
  invitationCount: ['groups', 'invitations', 'count'] as const,
  invitation: (token: string) => ['groups', 'invitation', token] as const,
  mine: ['groups', 'mine'] as const,
  sharing: ['groups', 'sharing'] as const,
};

const enc = encodeURIComponent;
const memberPath = (postingId: string, memberId: string) => `/api/postings/${enc(postingId)}/members/${enc(memberId)}`;

export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: groupKeys.invitation(token),
    queryFn: ({ signal }) => apiFetch<InvitationView>(`/api/invitations/by-token/${enc(token)}`, { signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useMyInvitations() {
  return useQuery({
    queryKey: groupKeys.invitations,
    queryFn: ({ signal }) => apiFetch<InvitationList>('/api/me/invitations', { signal }),
  });
}

/** Invitations waiting for the student's answer, for the navigation; only members may ask. */
export function useInvitationCount(user: Me | null) {
  return useQuery({
    queryKey: groupKeys.invitationCount,
    queryFn: ({ signal }) => apiFetch<InvitationCount>(apiPaths.invitationCount, { signal }),
    enabled: Boolean(user?.emailVerified && user.termsAccepted),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useMyGroups() {
  return useQuery({
    queryKey: groupKeys.mine,
    queryFn: ({ signal }) => apiFetch<MyGroupList>('/api/me/groups', { signal }),
  });
}

export function useSharing() {
  return useQuery({
    queryKey: groupKeys.sharing,
    queryFn: ({ signal }) => apiFetch<Sharing>('/api/me/sharing', { signal }),
  });
}

export function useSaveSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sharing: Sharing) =>
      apiFetch<Sharing>('/api/me/sharing', { method: 'PUT', body: JSON.stringify(sharing) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(groupKeys.sharing, saved);
      // The cards of the groups the student joined now show what they share.
      void queryClient.invalidateQueries({ queryKey: ['posting'] });
    },
  });
}

/** Everything an answer to an invitation or a change of membership touches. */
function refreshGroups(queryClient: ReturnType<typeof useQueryClient>, postingId?: string) {
  void queryClient.invalidateQueries({ queryKey: ['groups'] });
  void queryClient.invalidateQueries({ queryKey: postingKeys.lists });
  if (postingId) void queryClient.invalidateQueries({ queryKey: postingKeys.detail(postingId) });
}

export function useJoinInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, token }: { id: string; token?: string }) =>
      apiFetch<JoinAnswer>(`/api/invitations/${enc(id)}/join`, {
        method: 'POST',
        body: JSON.stringify(token ? { token } : {}),
      }),
    onSuccess: ({ postingId }) => refreshGroups(queryClient, postingId),
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, token }: { id: string; token?: string }) =>
      apiFetch<{ declined: true }>(`/api/invitations/${enc(id)}/decline`, {
        method: 'POST',
        body: JSON.stringify(token ? { token } : {}),
      }),
    onSuccess: () => refreshGroups(queryClient),
  });
}

export function useLeaveGroup(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(`/api/postings/${enc(postingId)}/leave`, { method: 'POST', body: '{}' }),
    onSuccess: () => refreshGroups(queryClient, postingId),
  });
}

/** What the admin (or, for the role, only the admin) does to one member of the group. */
export type MemberAction =
  | { kind: 'invite' }
  | { kind: 'withdraw' }
  | { kind: 'remove' }
  | { kind: 'role'; role: 'coadmin' | 'member' }
  | { kind: 'hand-over' };

export function memberRequest(postingId: string, memberId: string, action: MemberAction): [string, RequestInit] {
  switch (action.kind) {
    case 'invite':
      return [`${memberPath(postingId, memberId)}/invite`, { method: 'POST', body: '{}' }];
    case 'withdraw':
      return [`${memberPath(postingId, memberId)}/withdraw`, { method: 'POST', body: '{}' }];
    case 'remove':
      return [memberPath(postingId, memberId), { method: 'DELETE' }];
    case 'role':
      return [
        `${memberPath(postingId, memberId)}/role`,
        { method: 'PUT', body: JSON.stringify({ role: action.role }) },
      ];
    case 'hand-over':
      return [`/api/postings/${enc(postingId)}/hand-over`, { method: 'POST', body: JSON.stringify({ memberId }) }];
  }
}

export function useMemberAction(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, action }: { memberId: string; action: MemberAction }) =>
      apiFetch<MemberAnswer | null>(...memberRequest(postingId, memberId, action)),
    onSettled: () => refreshGroups(queryClient, postingId),
  });
}
