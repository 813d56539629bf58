import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '../../../shared/authorization';
import { groupKeys } from '../../../shared/profile-query-keys';
import { postingKeys } from '../../../shared/query-keys';
import type { Sharing } from '../../../shared/schemas/groups';
import type { Me } from '../../../shared/schemas/me';
import { api } from '../../api/client';

export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: groupKeys.invitation(token),
    queryFn: ({ signal }) => api.get('/api/invitations/by-token/{token}', { path: { token }, signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useMyInvitations() {
  return useQuery({
    queryKey: groupKeys.invitations,
    queryFn: ({ signal }) => api.get('/api/me/invitations', { signal }),
  });
}

/** Invitations waiting for the student's answer, for the navigation; only members may ask. */
export function useInvitationCount(user: Me | null) {
  return useQuery({
    queryKey: groupKeys.invitationCount,
    queryFn: ({ signal }) => api.get('/api/me/invitations/count', { signal }),
    enabled: can(user, 'invitation.answer', null),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useMyGroups() {
  return useQuery({
    queryKey: groupKeys.mine,
    queryFn: ({ signal }) => api.get('/api/me/groups', { signal }),
  });
}

export function useSharing() {
  return useQuery({
    queryKey: groupKeys.sharing,
    queryFn: ({ signal }) => api.get('/api/me/sharing', { signal }),
  });
}

export function useSaveSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sharing: Sharing) => api.put('/api/me/sharing', { body: sharing }),
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
      api.post('/api/invitations/{id}/join', { path: { id }, body: token ? { token } : {} }),
    onSuccess: ({ postingId }) => refreshGroups(queryClient, postingId),
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, token }: { id: string; token?: string }) =>
      api.post('/api/invitations/{id}/decline', { path: { id }, body: token ? { token } : {} }),
    onSuccess: () => refreshGroups(queryClient),
  });
}

export function useLeaveGroup(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/postings/{id}/leave', { path: { id: postingId } }),
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

/** A member action's call; only invite, withdraw and role answer the member as it now is. */
async function memberRequest(postingId: string, memberId: string, action: MemberAction) {
  const path = { id: postingId, memberId };
  switch (action.kind) {
    case 'invite':
      return api.post('/api/postings/{id}/members/{memberId}/invite', { path });
    case 'withdraw':
      return api.post('/api/postings/{id}/members/{memberId}/withdraw', { path });
    case 'remove':
      return api.delete('/api/postings/{id}/members/{memberId}', { path });
    case 'role':
      return api.put('/api/postings/{id}/members/{memberId}/role', { path, body: { role: action.role } });
    case 'hand-over':
      return api.post('/api/postings/{id}/hand-over', { path: { id: postingId }, body: { memberId } });
  }
}

export function useMemberAction(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, action }: { memberId: string; action: MemberAction }) =>
      memberRequest(postingId, memberId, action),
    onSettled: () => refreshGroups(queryClient, postingId),
  });
}
