/**
 * What the API answers about postings. The write-side schema (what a form sends) lives in
 * posting.ts; these are the read shapes both the server and the client rely on.
 */
import type { Band } from '../lifestyle';
import type { AcademicYear, Gender, ListingLocation, PostingStatus, RentType, Utilities } from '../options';
import type { GroupMemberView, GroupRole } from './groups';
import type { PostingModerationView } from './moderation';
import type { ViewerPing } from './ping';

export interface PostingImageView {
  id: string;
  /** Small WebP for cards (lazy-loaded). */
  cardUrl: string;
  /** Large WebP for the carousel. */
  fullUrl: string;
  width: number;
  height: number;
}

export interface AdminContactView {
  name: string;
  email: string | null;
  academicYear: AcademicYear;
  gender: Gender;
  customGender: string | null;
  /** Off-campus postings, or the posting's admin; null for anyone else on campus (docs/product-spec.md, section 2). */
  phoneNumber: string | null;
  instagramHandle: string | null;
}

/** A whole posting: the detail view and the edit form. */
export interface PostingDetail {
  id: string;
  listingLocation: ListingLocation;
  dorm: string | null;
  address: string | null;
  adminContact: AdminContactView;
  /** The admin ticked them: the detail view shows their phone (off-campus) and Instagram to others. */
  adminShowsPhone: boolean;
  adminShowsInstagram: boolean;
  aimInteger: number;
  curGroupSize: number;
  curNumSeek: number;
  members: GroupMemberView[];
  /** Whole dollars a month, or null. */
  monthlyRent: number | null;
  rentType: RentType | null;
  /** ISO dates (YYYY-MM-DD), off-campus only. */
  rentStart: string | null;
  rentEnd: string | null;
  utilities: Utilities | null;
  sublet: boolean;
  status: PostingStatus;
  images: PostingImageView[];
  /** How many other students pinged interest (each counted once). */
  interestCount: number;
  /** The group's own words about itself (plain text, line breaks kept), or null. */
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** For the signed-in viewer: are they the posting's admin (delete, manage members, hand over)? */
  viewerIsAdmin: boolean;
  /**
   * The viewer's role in the group: 'admin', 'coadmin' (may edit, change the status and answer
   * pings), 'member' (joined), or null.
   */
  viewerRole: GroupRole | null;
  /** For the signed-in viewer: have they bookmarked it? */
  viewerBookmarked: boolean;
  /** For the signed-in viewer: their latest ping of this posting, or null. */
  viewerPing: ViewerPing | null;
  /** When the posting was marked stale (no answer to 'Still looking?'), or null while fresh. */
  staleAt: string | null;
  /** Its moderation state, for its admin and moderators only (null for everyone else). */
  moderation: PostingModerationView | null;
}

/** Only what a card shows: the postings list and the profile lists. */
export interface PostingCard {
  id: string;
  listingLocation: ListingLocation;
  dorm: string | null;
  address: string | null;
  aimInteger: number;
  curNumSeek: number;
  status: PostingStatus;
  monthlyRent: number | null;
  rentType: RentType | null;
  sublet: boolean;
  /** The first image's card variant, or null (the client then shows the dorm's or off-campus image). */
  imageUrl: string | null;
  interestCount: number;
  createdAt: string;
  updatedAt: string;
  /** Marked stale (no answer to 'Still looking?'); search shows these only when asked. */
  stale: boolean;
  viewerIsAdmin: boolean;
  viewerBookmarked: boolean;
  /** 'Best fit' results only: the viewer's band with the group, or null when nobody could be compared. */
  fitBand?: Band | null;
}

export interface PostingPage {
  items: PostingCard[];
  /** Opaque cursor for the next page, or null at the end. */
  nextCursor: string | null;
  /**
   * Search only, first page only: how many postings match. Counting stops at a cap, and then
   * `atLeast` is true ('1,000+'). Null on later pages.
   */
  total?: { count: number; atLeast: boolean } | null;
}
