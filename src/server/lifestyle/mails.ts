/** The invitation to fill a lifestyle profile. User-supplied strings reach the HTML escaped (renderMail). */
import type { AppConfig } from '../config';
import { renderMail } from '../mail/mailer';
import type { OutgoingMail } from '../mail/outbox';

export function lifestyleInviteMail(
  config: AppConfig,
  input: { postingId: string; memberName: string; email: string; adminName: string; place: string },
): OutgoingMail {
  const productName = config.college.productName;
  const url = `${config.publicUrl}/myProfile#lifestyle`;
  return {
    kind: 'lifestyle-invite',
    to: input.email,
    subject: `${input.adminName} invites you to fill your lifestyle profile on ${productName}`,
    link: url,
    // One invitation per member address and posting: pressing Invite again sends nothing more.
    dedupeKey: `lifestyle-invite:${input.postingId}:${input.email.toLowerCase()}`,
    ...renderMail({
      productName,
      paragraphs: [
        `Hi ${input.memberName}, ${input.adminName} listed you as a member of their group at ${input.place} on ${productName}.`,
        'Students who might join the group see how well their habits fit with every member who has answered a short lifestyle questionnaire (sleep, tidiness, noise, guests and a few more). Your answers are never shown to anyone: others only see the fit.',
        `Sign in with this college e-mail address (${input.email}), or create an account with it, and fill the questionnaire on your profile.`,
      ],
      action: { label: 'Fill my lifestyle profile', url },
    }),
  };
}
