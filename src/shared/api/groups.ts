/** The groups' addresses (issue 23): invitations, my groups, sharing, and what an admin does to a member. */
import { apiPaths } from '../api-paths';
import type {
  InvitationCount,
  InvitationList,
  InvitationView,
  JoinAnswer,
  MemberAnswer,
  MyGroupList,
  Sharing,
} from '../schemas/groups';
import { del, enc, get, post, put } from './call';

const member = (postingId: string, memberId: string) => `/api/postings/${enc(postingId)}/members/${enc(memberId)}`;

export const groupsApi = {
  invitationByToken: (token: string) => get<InvitationView>(`/api/invitations/by-token/${enc(token)}`),
  /** Body: { token? }. */
  join: (invitationId: string) => post<JoinAnswer>(`/api/invitations/${enc(invitationId)}/join`),
  /** Body: { token? }. */
  decline: (invitationId: string) => post<{ declined: true }>(`/api/invitations/${enc(invitationId)}/decline`),
  myInvitations: () => get<InvitationList>('/api/me/invitations'),
  invitationCount: () => get<InvitationCount>(apiPaths.invitationCount),
  myGroups: () => get<MyGroupList>('/api/me/groups'),
  sharing: () => get<Sharing>('/api/me/sharing'),
  saveSharing: () => put<Sharing>('/api/me/sharing'),
  invite: (postingId: string, memberId: string) => post<MemberAnswer>(`${member(postingId, memberId)}/invite`),
  withdraw: (postingId: string, memberId: string) => post<MemberAnswer>(`${member(postingId, memberId)}/withdraw`),
  removeMember: (postingId: string, memberId: string) => del<{ removed: true }>(member(postingId, memberId)),
  /** Body: { role }. */
  setRole: (postingId: string, memberId: string) => put<MemberAnswer>(`${member(postingId, memberId)}/role`),
  /** Body: { memberId }. */
  handOver: (postingId: string) => post<{ handedOver: true }>(`/api/postings/${enc(postingId)}/hand-over`),
  leave: (postingId: string) => post<{ left: true }>(`/api/postings/${enc(postingId)}/leave`),
} as const;
