/**
 * Every per-student limit in one place (issue 22, docs/decisions/0022), with the sentence a
 * student reads when they reach it. The numbers are far above what one student's honest use needs
 * in the window and far below what it takes to flood the site.
 */
import { PING_HOURLY_LIMIT } from './options';
import { pingMessages } from './ping-messages';
import { conversationMessages } from './schemas/conversations';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface StudentLimit {
  /** How much may be used in any window (actions, or images for image work). */
  max: number;
  windowMs: number;
  /** The error code of the 429. */
  code: string;
  title: string;
  message: (max: number) => string;
}

export const STUDENT_LIMITS = {
  pings: {
    max: PING_HOURLY_LIMIT,
    windowMs: HOUR_MS,
    code: 'PING_RATE_LIMITED',
    title: pingMessages.rateLimited(PING_HOURLY_LIMIT).title,
    message: (max: number) => pingMessages.rateLimited(max).message,
  },
  postings: {
    max: 10,
    windowMs: DAY_MS,
    code: 'POSTING_RATE_LIMITED',
    title: 'Too Many Postings',
    message: (max: number) => `You can create at most ${max} postings a day. Please try again tomorrow.`,
  },
  imageWork: {
    max: 60,
    windowMs: DAY_MS,
    code: 'IMAGE_RATE_LIMITED',
    title: 'Too Many Images',
    message: (max: number) =>
      `You can upload at most ${max} images a day. Please try again tomorrow, or keep the images you have.`,
  },
  reports: {
    max: 20,
    windowMs: DAY_MS,
    code: 'REPORT_RATE_LIMITED',
    title: 'Too Many Reports',
    message: (max: number) =>
      `You can report at most ${max} postings a day. Please try again tomorrow, or write to us through the Contact page.`,
  },
  invitations: {
    max: 30,
    windowMs: DAY_MS,
    code: 'INVITATION_RATE_LIMITED',
    title: 'Too Many Invitations',
    message: (max: number) => `You can send at most ${max} invitations a day. Please try again tomorrow.`,
  },
  /** Conversation messages (issue 19): a lively chat stays far below it, a flood does not. */
  messages: {
    max: 120,
    windowMs: 10 * 60_000,
    code: 'MESSAGE_RATE_LIMITED',
    title: conversationMessages.rateLimited(120, 10).title,
    message: (max: number) => conversationMessages.rateLimited(max, 10).message,
  },
  /**
   * Contact-sharing changes in conversations (issue 30): each tells every other participant's open
   * tabs to read the conversation again. Twice the pings of an hour: sharing in every new
   * conversation and taking it back once. A save that changes nothing counts too, but leaves no row.
   */
  contactShares: {
    max: 2 * PING_HOURLY_LIMIT,
    windowMs: HOUR_MS,
    code: 'SHARE_RATE_LIMITED',
    title: 'Too Many Changes',
    message: (max: number) =>
      `You can change what you share at most ${max} times an hour. Your choice was not saved; please try again later.`,
  },
  /**
   * Read marks (issue 30): the page marks a conversation read as its new messages come into view, so
   * honest use makes one per message received; two a second for a minute is far past any chat.
   */
  readMarks: {
    max: 120,
    windowMs: 60_000,
    code: 'READ_RATE_LIMITED',
    title: 'Too Many Read Marks',
    message: (max: number) =>
      `You can mark conversations read at most ${max} times a minute. Please wait a moment, then try again.`,
  },
  /**
   * Changes to a group's roommate agreement (issue 34), per student and group: each is a version
   * kept forever, so they are rows. Editing every clause of a long agreement twice in an hour stays
   * under it.
   */
  agreementEdits: {
    max: 60,
    windowMs: HOUR_MS,
    code: 'AGREEMENT_RATE_LIMITED',
    title: 'Too Many Changes',
    message: (max: number) =>
      `You can change this agreement at most ${max} times an hour. Your change was not saved; please try again later.`,
  },
  /**
   * The agreement's PDF (issue 34): laying it out takes the server's CPU for a while, so one student
   * fetches a limited number of copies (of any agreement) an hour; the same text is served again
   * from memory.
   */
  agreementPdfs: {
    max: 20,
    windowMs: HOUR_MS,
    code: 'AGREEMENT_PDF_RATE_LIMITED',
    title: 'Too Many Downloads',
    message: (max: number) =>
      `You can download at most ${max} copies of an agreement an hour. Please use the copy you have, or try again later.`,
  },
  /**
   * Address searches (issue 33): each asks the college's own geocoder. A student finding their
   * home types a few addresses; thirty in ten minutes is far past that.
   */
  geocodes: {
    max: 30,
    windowMs: 10 * 60_000,
    code: 'GEOCODE_RATE_LIMITED',
    title: 'Too Many Address Searches',
    message: (max: number) => `You can search for at most ${max} addresses in ten minutes. Please try again later.`,
  },
} as const satisfies Record<string, StudentLimit>;

export type StudentLimitKind = keyof typeof STUDENT_LIMITS;

/**
 * The versions one roommate agreement keeps (issue 34), the draft included: every edit is one, kept
 * forever. A group that reaches it keeps its agreement as it stands and can still sign it.
 */
export const AGREEMENT_MAX_VERSIONS = 500;

/**
 * Uploads (posting create and edit) one server reads at once: per student, and in all. Each holds
 * up to 100 MB of temporary disk and a place in the image-work queue, so these bound both.
 */
export const UPLOADS_IN_FLIGHT_PER_STUDENT = 2;
export const UPLOADS_IN_FLIGHT_TOTAL = 8;
// Images decoded at once follow the server's cores: IMAGE_WORK_CONCURRENCY in src/server/images/images.ts.

/** The sentences of the upload caps (429 for one student, 503 for the whole server). */
export const limitMessages = {
  agreementVersions: {
    title: 'Agreement Full',
    message: (max: number) =>
      `This agreement has reached ${max} versions, the most one agreement keeps. Your change was not saved; you can still sign the agreement as it stands.`,
  },
  uploadsPerStudent: {
    title: 'Upload in Progress',
    message: 'Your previous upload is still being processed. Please wait for it to finish, then try again.',
  },
  uploadsTotal: {
    title: 'Server Busy',
    message: 'Many students are uploading right now. Please try again in a minute.',
  },
};
