import { RENT_TYPE_LABELS, type RentType } from '../../../shared/options';
import { walkLabel } from '../../../shared/walk-labels';
import { dollars } from '../../ui/format-en-us';
import type { MapMarker } from './map-engine';

/** What a posting's marker needs of its card (the card's answer since issue 33 has pin and walks). */
export interface PinnedCard {
  id: string;
  address: string | null;
  aimInteger: number;
  curNumSeek: number;
  monthlyRent: number | null;
  rentType: RentType | null;
  pin: { latitude: number; longitude: number; exact: boolean; radiusMeters: number | null } | null;
  walks: { placeName: string; minutes: number; via: unknown }[];
}

/**
 * A marker's words, a card's in short: '12 Foster Street: $1,100 / month (Per Person) · 4-man
 * Housing, looking for 2 more · ≈ 10 min walk to Main Campus', and 'approximate area' when it is one.
 */
export function markerLabel(card: PinnedCard): string {
  const onFoot = card.walks.find((walk) => walk.via === null);
  const parts = [
    card.monthlyRent === null
      ? null
      : `${dollars(card.monthlyRent)} / month${card.rentType ? ` (${RENT_TYPE_LABELS[card.rentType]})` : ''}`,
    `${card.aimInteger}-man Housing, looking for ${card.curNumSeek} more`,
    onFoot ? walkLabel(onFoot.minutes, onFoot.placeName) : null,
    card.pin && !card.pin.exact ? 'approximate area' : null,
  ].filter((part): part is string => part !== null);
  return `${card.address ? `${card.address}: ` : ''}${parts.join(' · ')}`;
}

/** The cards' markers in list order; cards without a pin are left off (and counted). */
export function markersFor(cards: PinnedCard[]): { markers: MapMarker[]; unpinned: number } {
  const markers: MapMarker[] = [];
  for (const card of cards) {
    if (!card.pin) continue;
    markers.push({
      id: card.id,
      latitude: card.pin.latitude,
      longitude: card.pin.longitude,
      radiusMeters: card.pin.exact ? null : card.pin.radiusMeters,
      label: markerLabel(card),
    });
  }
  return { markers, unpinned: cards.length - markers.length };
}
