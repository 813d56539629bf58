/**
 * The e-mails of groups (issue 23). An invitation goes to an address someone else typed, so its
 * subject and first line carry only our own words: no name, address or place the admin typed (an
 * account's name comes later in the body, a dorm's name from the college config too; an off-campus
 * address never), and the name as the student's own words, quoted (issue 30). Every user-supplied
 * string reaches the HTML part escaped (renderMail).
 */
import { quotedName } from '../../shared/account-names';
import { pageAddress } from '../../shared/page-addresses';
import { INVITATION_TTL_DAYS } from '../../shared/schemas/groups';
import type { AppConfig } from '../config';
import { renderMail } from '../mail/mailer';
import type { OutgoingMail } from '../mail/outbox';

interface Place {
  dorm: string | null;
  address: string | null;
}

export function createGroupMails(config: AppConfig) {
  const productName = config.college.productName;
  const postingUrl = (id: string) => `${config.publicUrl}${pageAddress.posting(id)}`;
  /** The dorm's label from the college config; an address (typed by a student) is never named. */
  const safePlace = (place: Place) =>
    place.dorm
      ? `at ${config.college.dorms.find((d) => d.key === place.dorm)?.label ?? 'a dorm'}`
      : 'living off campus';
  /** A place as its own group knows it (mails to members, who know their own group). */
  const place = (p: Place) =>
    p.dorm ? (config.college.dorms.find((d) => d.key === p.dorm)?.label ?? p.dorm) : (p.address ?? 'your group');

  const mail = (
    kind: string,
    to: string,
    subject: string,
    paragraphs: string[],
    action: { label: string; url: string },
  ): OutgoingMail => ({ kind, to, subject, link: action.url, ...renderMail({ productName, paragraphs, action }) });

  return {
    invitation(input: { to: string; token: string; adminName: string; place: Place }): OutgoingMail {
      const url = `${config.publicUrl}${pageAddress.invitation(input.token)}`;
      return mail(
        'group-invitation',
        input.to,
        `You are invited to join a roommate group on ${productName}`,
        [
          `A student of your college invited you to join their roommate group on ${productName}.`,
          `The student who invited you calls themselves ${quotedName(input.adminName)}; they listed you as a member of their group ${safePlace(input.place)}. Join to appear in the group as yourself, with only the details you choose to share.`,
          `The link works once, only when you are signed in with this address, for ${INVITATION_TTL_DAYS} days. If you do not know this group, open the link and choose "This isn't me": your address is then removed from it.`,
        ],
        { label: 'See the invitation', url },
      );
    },

    declined(input: { to: string; postingId: string; place: Place }): OutgoingMail {
      return mail(
        'group-invitation-declined',
        input.to,
        `An invitation to your group was declined on ${productName}`,
        [
          `A student you invited to your group at ${place(input.place)} answered "This isn't me". Their address was removed from the member's row.`,
          'Check the address, or add the right one by editing the posting.',
        ],
        { label: 'Open the posting', url: postingUrl(input.postingId) },
      );
    },

    removed(input: { to: string; postingId: string; place: Place }): OutgoingMail {
      return mail(
        'group-member-removed',
        input.to,
        `You were removed from a group on ${productName}`,
        [`The administrator of the group at ${place(input.place)} removed you from it.`],
        { label: 'Search postings', url: `${config.publicUrl}/postings` },
      );
    },

    handedOver(input: { to: string; postingId: string; place: Place }): OutgoingMail {
      return mail(
        'group-handed-over',
        input.to,
        `You are now the administrator of a group on ${productName}`,
        [
          `You are now the administrator of the group at ${place(input.place)}: you manage its members, its posting and its pings.`,
          'The posting shows your name and college address as its contact; edit it to check the rest.',
        ],
        { label: 'Open the posting', url: postingUrl(input.postingId) },
      );
    },

    adminDeleted(input: { to: string; postingId: string; place: Place; newAdmin: boolean }): OutgoingMail {
      return mail(
        'group-admin-deleted',
        input.to,
        `Your group's administrator left ${productName}`,
        [
          input.newAdmin
            ? `The administrator of your group at ${place(input.place)} deleted their account. The co-admin who joined first is the administrator now.`
            : `The administrator of your group at ${place(input.place)} deleted their account, and the posting went with it.`,
        ],
        input.newAdmin
          ? { label: 'Open the posting', url: postingUrl(input.postingId) }
          : { label: 'Search postings', url: `${config.publicUrl}/postings` },
      );
    },
  };
}
