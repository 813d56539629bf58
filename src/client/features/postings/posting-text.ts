import { RENT_TYPE_LABELS, type RentType } from '../../../shared/options';
import type { PublicConfig } from '../../../shared/schemas/college';
import type { PostingCard as Card } from '../../../shared/schemas/posting-view';

/** The dorm's label (on campus) or the address (off campus). */
export function placeLabel(config: PublicConfig, posting: { dorm: string | null; address: string | null }): string {
  if (posting.dorm) return config.dorms.find((d) => d.key === posting.dorm)?.label ?? posting.dorm;
  return posting.address ?? '';
}

/** The building image a card or carousel starts with when the posting has no photo of its own. */
export function defaultImage(config: PublicConfig, posting: { dorm: string | null }): { src: string; alt: string } {
  const dorm = posting.dorm ? config.dorms.find((d) => d.key === posting.dorm) : undefined;
  return dorm
    ? { src: dorm.image, alt: `Illustration of ${dorm.label}` }
    : { src: config.offCampusImage, alt: 'Illustration of off-campus housing' };
}

export function cardImage(config: PublicConfig, card: Card): { src: string; alt: string } {
  if (card.imageUrl) return { src: card.imageUrl, alt: `Photo of ${placeLabel(config, card)}` };
  return defaultImage(config, card);
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$1,200 / month (Per Person)'; null without rent. */
export function rentText(monthlyRent: number | null, rentType: RentType | null): string | null {
  if (monthlyRent === null) return null;
  return `${dollars.format(monthlyRent)} / month${rentType ? ` (${RENT_TYPE_LABELS[rentType]})` : ''}`;
}

/** 'June 1, 2027' from an ISO date, read as a calendar date (no time-zone shift). */
export function dateText(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
