/**
 * The e-mails of Ping Interest. Every user-supplied string reaches the HTML part escaped (renderMail),
 * and a student's name is given as their own words (issue 30): never as a sender we vouch for.
 */

import { theirOwnWords } from '../../shared/account-names';
import { PING_EXPIRY_DAYS } from '../../shared/options';
import { pageAddress } from '../../shared/page-addresses';
import type { AppConfig } from '../config';
import { renderMail } from '../mail/mailer';
import type { OutgoingMail } from '../mail/outbox';

export interface PlaceFields {
  dorm: string | null;
  address: string | null;
}

/** The dorm's label or the address: how students name a posting. */
export function placeOf(config: AppConfig, posting: PlaceFields): string {
  if (posting.dorm) return config.college.dorms.find((d) => d.key === posting.dorm)?.label ?? posting.dorm;
  return posting.address ?? 'a posting';
}

export function createPingMails(config: AppConfig) {
  const productName = config.college.productName;
  const inboxUrl = `${config.publicUrl}/myProfile#pings-received`;
  const postingUrl = (id: string) => `${config.publicUrl}${pageAddress.posting(id)}`;
  const searchUrl = `${config.publicUrl}/postings`;
  const aStudent = (name: string) => {
    const words = theirOwnWords(name);
    return words.charAt(0).toUpperCase() + words.slice(1);
  };

  const mail = (
    kind: string,
    to: string,
    subject: string,
    paragraphs: string[],
    action: { label: string; url: string },
    extra: { replyTo?: string; dedupeKey?: string } = {},
  ): OutgoingMail => ({
    kind,
    to,
    subject,
    link: action.url,
    ...extra,
    ...renderMail({ productName, paragraphs, action }),
  });

  return {
    /** To the admin: someone pinged their group. Replying writes to the sender. */
    received(input: {
      pingId: string;
      adminEmail: string;
      senderName: string;
      senderEmail: string;
      message: string | null;
      place: string;
    }): OutgoingMail {
      return mail(
        'ping-received',
        input.adminEmail,
        `${aStudent(input.senderName)} is interested in your group at ${input.place}`,
        [
          `${aStudent(input.senderName)} (${input.senderEmail}) pinged interest in your group at ${input.place} on ${productName}.`,
          input.message ? `Their message:\n${input.message}` : 'They did not add a message.',
          'Accept or decline the ping in your inbox, or reply to this e-mail to write to them directly.',
        ],
        { label: 'Open my inbox', url: inboxUrl },
        { replyTo: input.senderEmail, dedupeKey: `ping-received:${input.pingId}` },
      );
    },

    accepted(input: {
      pingId: string;
      postingId: string;
      senderEmail: string;
      adminName: string;
      adminEmail: string;
      place: string;
    }) {
      return mail(
        'ping-accepted',
        input.senderEmail,
        `The group at ${input.place} accepted your ping`,
        [
          `Good news: the group's admin, ${theirOwnWords(input.adminName)}, accepted your interest in their group at ${input.place}.`,
          `Get in touch with them at ${input.adminEmail} (or reply to this e-mail) to take the next step.`,
        ],
        { label: 'View the posting', url: postingUrl(input.postingId) },
        { replyTo: input.adminEmail, dedupeKey: `ping-answered:${input.pingId}` },
      );
    },

    declined(input: { pingId: string; senderEmail: string; adminName: string; place: string }) {
      return mail(
        'ping-declined',
        input.senderEmail,
        `Your ping for ${input.place} was declined`,
        [
          `The group's admin, ${theirOwnWords(input.adminName)}, has declined your interest in their group at ${input.place}.`,
          `Other groups are looking for roommates on ${productName} right now.`,
        ],
        { label: 'Search postings', url: searchUrl },
        { dedupeKey: `ping-answered:${input.pingId}` },
      );
    },

    closed(input: { pingId: string; senderEmail: string; place: string }) {
      return mail(
        'ping-closed',
        input.senderEmail,
        `The group at ${input.place} is now fulfilled`,
        [
          `The group you pinged at ${input.place} has been marked Fulfilled, so it is no longer looking for roommates. Your ping is closed.`,
          `Other groups are looking for roommates on ${productName} right now.`,
        ],
        { label: 'Search postings', url: searchUrl },
        { dedupeKey: `ping-answered:${input.pingId}` },
      );
    },

    expired(input: { pingId: string; postingId: string; senderEmail: string; place: string }) {
      return mail(
        'ping-expired',
        input.senderEmail,
        `Your ping for ${input.place} expired`,
        [
          `The admin of the group at ${input.place} did not answer your ping within ${PING_EXPIRY_DAYS} days, so it has expired.`,
          'You can ping the group again, or look at other groups.',
        ],
        { label: 'View the posting', url: postingUrl(input.postingId) },
        { dedupeKey: `ping-answered:${input.pingId}` },
      );
    },
  };
}
