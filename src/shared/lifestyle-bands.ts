/** The bands of the lifestyle fit (src/shared/lifestyle.ts): what students see, never a percentage. */
export const BANDS = ['great', 'good', 'some', 'big'] as const;
export type Band = (typeof BANDS)[number];
export const BAND_LABELS: Record<Band, string> = {
  great: 'Great fit',
  good: 'Good fit',
  some: 'Some differences',
  big: 'Big differences',
};
