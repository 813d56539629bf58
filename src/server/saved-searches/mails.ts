/** The alert e-mails of saved searches; every name a student typed reaches the HTML part escaped (renderMail). */
import { pageAddress } from '../../shared/page-addresses';
import { ALERT_FREQUENCY_LABELS, type AlertFrequency } from '../../shared/saved-searches';
import type { AppConfig } from '../config';
import { renderMail } from '../mail/mailer';
import type { OutgoingMail } from '../mail/outbox';
import { placeOf } from '../pings/mails';
import type { AlertPosting } from './queries';

export interface MailSearch {
  id: string;
  name: string;
  alert: AlertFrequency;
  /** The page that asks before turning the alert off (GET shows, POST changes). */
  unsubscribePageUrl: string;
  /** The one-click address for List-Unsubscribe-Post (RFC 8058). */
  unsubscribeApiUrl: string;
}

export function createAlertMails(config: AppConfig) {
  const productName = config.college.productName;
  const postingUrl = (id: string) => `${config.publicUrl}${pageAddress.posting(id)}`;
  const profileUrl = `${config.publicUrl}/myProfile#saved-searches`;

  /** 'Walsh Hall: 4-man housing, seeking 2 more' */
  const describe = (posting: AlertPosting) =>
    `${placeOf(config, posting)}: ${posting.aimInteger}-man housing, seeking ${posting.curNumSeek} more${
      posting.rentPerPerson !== null ? `, $${posting.rentPerPerson} a month per person` : ''
    }${posting.sublet ? ', sublet' : ''}`;

  const unsubscribeHeaders = (search: MailSearch) => ({
    'List-Unsubscribe': `<${search.unsubscribeApiUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  return {
    /** One new or re-opened posting, for a search alerting immediately. */
    immediate(input: { to: string; userId: string; posting: AlertPosting; search: MailSearch }): OutgoingMail {
      const { posting, search } = input;
      const url = postingUrl(posting.id);
      return {
        kind: 'saved-search-alert',
        to: input.to,
        subject: `New match for “${search.name}”: ${placeOf(config, posting)}`,
        link: url,
        headers: unsubscribeHeaders(search),
        dedupeKey: `saved-search-alert:${input.userId}:${posting.id}`,
        ...renderMail({
          productName,
          paragraphs: [`A posting on ${productName} matches your saved search “${search.name}”:`, describe(posting)],
          action: { label: 'View the posting', url },
          footer: {
            text: `You get this e-mail because alerts for “${search.name}” are set to ${ALERT_FREQUENCY_LABELS[search.alert].toLowerCase()}.`,
            link: { label: 'Turn off these alerts', url: search.unsubscribePageUrl },
          },
        }),
      };
    },

    /** Every match since the last digest, one e-mail per student. */
    digest(input: {
      to: string;
      userId: string;
      cutoff: Date;
      entries: { posting: AlertPosting; search: MailSearch }[];
    }): OutgoingMail {
      const searches = [...new Map(input.entries.map((entry) => [entry.search.id, entry.search])).values()];
      const count = input.entries.length;
      const single = searches.length === 1 ? searches[0] : undefined;
      const lines = input.entries.map(
        (entry) => `• ${describe(entry.posting)} (for “${entry.search.name}”)\n${postingUrl(entry.posting.id)}`,
      );
      const stops = searches.map((search) => `Turn off alerts for “${search.name}”: ${search.unsubscribePageUrl}`);
      return {
        kind: 'saved-search-digest',
        to: input.to,
        subject: `${count} new ${count === 1 ? 'posting matches' : 'postings match'} your saved searches`,
        link: profileUrl,
        ...(single ? { headers: unsubscribeHeaders(single) } : {}),
        dedupeKey: `saved-search-digest:${input.userId}:${input.cutoff.toISOString()}`,
        ...renderMail({
          productName,
          paragraphs: [
            `Your daily digest from ${productName}: ${count === 1 ? 'a new posting matches' : `${count} new postings match`} your saved searches.`,
            ...lines,
            ...(single ? [] : stops),
          ],
          action: { label: 'Open my saved searches', url: profileUrl },
          ...(single
            ? {
                footer: {
                  text: `You get this e-mail because alerts for “${single.name}” are set to daily digest.`,
                  link: { label: 'Turn off these alerts', url: single.unsubscribePageUrl },
                },
              }
            : {}),
        }),
      };
    },
  };
}
