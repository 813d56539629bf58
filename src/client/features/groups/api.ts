import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiCall } from '../../../shared/api/call';
import { groupsApi } from '../../../shared/api/groups';
import type { MemberAnswer, Sharing } from '../../../shared/schemas/groups';
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

export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: groupKeys.invitation(token),
    queryFn: ({ signal }) => apiFetch(groupsApi.invitationByToken(token), { signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useMyInvitations() {
  return useQuery({
    queryKey: groupKeys.invitations,
    queryFn: ({ signal }) => apiFetch(groupsApi.myInvitations(), { signal }),
  });
}

/** Invitations waiting for the student's answer, for the navigation; only members may ask. */
export function useInvitationCount(user: Me | null) {
  return useQuery({
    queryKey: groupKeys.invitationCount,
    queryFn: ({ signal }) => apiFetch(groupsApi.invitationCount(), { signal }),
    enabled: Boolean(user?.emailVerified && user.termsAccepted),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useMyGroups() {
  return useQuery({
    queryKey: groupKeys.mine,
    queryFn: ({ signal }) => apiFetch(groupsApi.myGroups(), { signal }),
  });
}

export function useSharing() {
  return useQuery({
    queryKey: groupKeys.sharing,
    queryFn: ({ signal }) => apiFetch(groupsApi.sharing(), { signal }),
  });
}

export function useSaveSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sharing: Sharing) => apiFetch(groupsApi.saveSharing(), { body: JSON.stringify(sharing) }),
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
      apiFetch(groupsApi.join(id), {
        body: JSON.stringify(token ? { token } : {}),
      }),
    onSuccess: ({ postingId }) => refreshGroups(queryClient, postingId),
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, token }: { id: string; token?: string }) =>
      apiFetch(groupsApi.decline(id), {
        body: JSON.stringify(token ? { token } : {}),
      }),
    onSuccess: () => refreshGroups(queryClient),
  });
}

export function useLeaveGroup(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(groupsApi.leave(postingId), { body: '{}' }),
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
type MemberCall = ApiCall<MemberAnswer | { removed: true } | { handedOver: true }>;

function memberRequest(
  postingId: string,
  memberId: string,
  action: MemberAction,
): [MemberCall, Omit<RequestInit, 'method'>] {
  switch (action.kind) {
    case 'invite':
      return [groupsApi.invite(postingId, memberId), { body: '{}' }];
    case 'withdraw':
      return [groupsApi.withdraw(postingId, memberId), { body: '{}' }];
    case 'remove':
      return [groupsApi.removeMember(postingId, memberId), {}];
    case 'role':
      return [groupsApi.setRole(postingId, memberId), { body: JSON.stringify({ role: action.role }) }];
    case 'hand-over':
      return [groupsApi.handOver(postingId), { body: JSON.stringify({ memberId }) }];
  }
}

export function useMemberAction(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, action }: { memberId: string; action: MemberAction }) =>
      apiFetch(...memberRequest(postingId, memberId, action)),
    onSettled: () => refreshGroups(queryClient, postingId),
  });
}
