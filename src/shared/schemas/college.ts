import { activeQuestions, DEFAULT_QUESTIONS } from '../lifestyle';
import { agreementConfigSchema } from './agreement';
import { lifestyleConfigSchema } from './lifestyle';
import { mapConfigSchema } from './map-config';
import { scamWarningsConfigSchema } from './scam-warnings';
import { z } from './zod';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #8a100b');
/** A path inside the college's asset folder: no absolute paths, no climbing out. */
const assetPath = z
  .string()
  .min(1)
  .regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'must be a relative path inside the asset folder');
const emailDomain = z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a lower-case domain like bc.edu');

/** An integer from `min` to `max`; anything else is refused as 'must be <what>'. */
const wholeNumber = (min: number, max: number, what: string) => {
  const error = `must be ${what}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const placeKey = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and dashes');
const placeLatitude = z
  .number({ error: 'must be a latitude from -90 to 90' })
  .min(-90, 'must be a latitude from -90 to 90')
  .max(90, 'must be a latitude from -90 to 90');
const placeLongitude = z
  .number({ error: 'must be a longitude from -180 to 180' })
  .min(-180, 'must be a longitude from -180 to 180')
  .max(180, 'must be a longitude from -180 to 180');

/** A named point students go to (issue 33): walking minutes to it are computed when a posting is saved. */
const campusPlaceSchema = z.object({
  key: placeKey,
  name: z.string().min(1).max(60),
  latitude: placeLatitude,
  longitude: placeLongitude,
});

/** A stop of the college's shuttle, and how long its ride to the first campus place takes. */
const shuttleStopSchema = z.object({
  key: placeKey,
  name: z.string().min(1).max(60),
  latitude: placeLatitude,
  longitude: placeLongitude,
  rideMinutes: wholeNumber(0, 180, 'a whole number of minutes from 0 to 180'),
});

const dormSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and dashes'),
  label: z.string().min(1),
  image: assetPath,
});

export const collegeConfigSchema = z
  .object({
    productName: z.string().min(1),
    college: z.object({
      name: z.string().min(1),
      shortName: z.string().min(1),
      emailDomain,
      /** Subdomains whose addresses are also accepted (e.g. mail.bc.edu); empty means the domain only. */
      allowedEmailSubdomains: z.array(emailDomain).default([]),
    }),
    /** Folder holding the images below, relative to the config file. */
    assetsDir: z.string().min(1),
    theme: z.object({
      primary: hexColour,
      primaryDark: hexColour,
      accent: hexColour,
      onPrimary: hexColour,
    }),
    logo: assetPath,
    logoFull: assetPath,
    dorms: z.array(dormSchema).min(1),
    offCampusImage: assetPath,
    landingImages: z.array(z.object({ src: assetPath, alt: z.string().min(1) })).min(1),
    footer: z.object({
      contactEmail: z.email(),
      contactPhone: z.string().optional(),
      instagram: z.string().optional(),
      resourceLinks: z.array(z.object({ label: z.string().min(1), url: z.url() })).length(2),
    }),
    groupsMatchedBaseline: z.number().int().min(0),
    teamContactEmail: z.email(),
    termsVersion: z.string().min(1),
    /** Fresh listings (issue 14): days without an update before the 'Still looking?' e-mail, then before stale. */
    freshness: z
      .object({
        remindAfterDays: wholeNumber(1, 365, 'a whole number of days from 1 to 365').default(21),
        staleAfterDays: wholeNumber(1, 365, 'a whole number of days from 1 to 365').default(7),
      })
      .default({ remindAfterDays: 21, staleAfterDays: 7 }),
    /** Saved-search alerts (issue 14): the daily digest goes out once a day, after this hour (UTC). */
    alerts: z
      .object({ digestHourUtc: wholeNumber(0, 23, 'a whole hour from 0 to 23 (UTC)').default(13) })
      .default({ digestHourUtc: 13 }),
    /** E-mail addresses of the moderators (issue 14); compared case-insensitively. */
    moderators: z.array(z.email()).default([]),
    /** Changes to the default lifestyle questions (src/shared/lifestyle-questions.ts): remove some, add some. */
    lifestyle: lifestyleConfigSchema.default({ removeQuestions: [], addQuestions: [] }),
    /** Changes to the roommate agreement's default clauses (src/shared/agreement-clauses.ts): remove, replace, add. */
    agreement: agreementConfigSchema.default({ removeClauses: [], clauses: [], revisitOn: [], revisitHourUtc: 13 }),
    /** Which messages show their reader the scam safety note (issue 30; src/shared/scam-warnings.ts). */
    scamWarnings: scamWarningsConfigSchema,
    /** Places students go to (issue 33); none: postings show no walking minutes. The first is where the shuttle goes. */
    campusPlaces: z.array(campusPlaceSchema).max(10).default([]),
    /** The shuttle's stops (issue 33), each with its ride to the first campus place. */
    shuttleStops: z.array(shuttleStopSchema).max(50).default([]),
    /** The map's centre and extent (issue 33); its bounds are where a posting's pin may be placed. */
    map: mapConfigSchema.optional(),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    for (const [i, dorm] of config.dorms.entries()) {
      if (seen.has(dorm.key)) {
        ctx.addIssue({ code: 'custom', path: ['dorms', i, 'key'], message: `repeats the dorm key ${dorm.key}` });
      }
      seen.add(dorm.key);
    }
    const placeKeys = new Set<string>();
    for (const [i, place] of config.campusPlaces.entries()) {
      if (placeKeys.has(place.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['campusPlaces', i, 'key'],
          message: `repeats the place key ${place.key}`,
        });
      }
      placeKeys.add(place.key);
    }
    const stopKeys = new Set<string>();
    for (const [i, stop] of config.shuttleStops.entries()) {
      if (stopKeys.has(stop.key)) {
        ctx.addIssue({ code: 'custom', path: ['shuttleStops', i, 'key'], message: `repeats the stop key ${stop.key}` });
      }
      stopKeys.add(stop.key);
    }
    if (config.shuttleStops.length > 0 && config.campusPlaces.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['shuttleStops'],
        message: 'needs a campus place for the shuttle to go to',
      });
    }
    const defaults = new Set(DEFAULT_QUESTIONS.map((q) => q.key));
    for (const [i, key] of config.lifestyle.removeQuestions.entries()) {
      if (!defaults.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lifestyle', 'removeQuestions', i],
          message: `is not a default question: ${key}`,
        });
      }
    }
    const asked = new Set(activeQuestions(config.lifestyle).map((q) => q.key));
    for (const [i, question] of config.lifestyle.addQuestions.entries()) {
      if (defaults.has(question.key) && !config.lifestyle.removeQuestions.includes(question.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lifestyle', 'addQuestions', i, 'key'],
          message: `repeats the question key ${question.key}`,
        });
      }
      const optionKeys = new Set(question.options.map((o) => o.key));
      if (optionKeys.size !== question.options.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['lifestyle', 'addQuestions', i, 'options'],
          message: 'repeats an option key',
        });
      }
    }
    if (asked.size !== activeQuestions(config.lifestyle).length) {
      ctx.addIssue({ code: 'custom', path: ['lifestyle', 'addQuestions'], message: 'repeats a question key' });
    }
  });

export type CollegeConfig = z.infer<typeof collegeConfigSchema>;
export type CampusPlace = CollegeConfig['campusPlaces'][number];
export type ShuttleStop = CollegeConfig['shuttleStops'][number];

/** What the browser may know about the deployment (GET /api/config): its schema's type. */
export type { PublicConfig } from './college-answers';
