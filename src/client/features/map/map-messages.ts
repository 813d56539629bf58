/** Why the map is not there: a sentence shown in its place, followed by what to use instead. */
export const mapMessages = {
  noWebGl: 'The map needs WebGL, which this browser has turned off or does not offer.',
  noTiles: 'This site has no map tiles yet, so there is no map.',
  failed: 'The map could not be drawn.',
  loading: 'Loading the map…',
  /** After the reason, on the Off-Campus list. */
  listInstead: 'The postings are in the list.',
  /** After the reason, in the posting editor. */
  fieldsInstead: 'Place the pin with the latitude and longitude fields.',
} as const;

export type MapUnavailable = 'noWebGl' | 'noTiles' | 'failed';
