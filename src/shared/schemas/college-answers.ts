/**
 * GET /api/config's answer as a schema and its type: the route declares it, the serializer checks
 * it (strict objects: nothing of the private configuration can slip out), and the OpenAPI document
 * is made from it.
 */
import { lifestyleQuestionViewSchema } from './lifestyle-answers';
import { publicMapSchema } from './map-config';
import { z } from './zod';

export const publicConfigSchema = z.strictObject({
  productName: z.string(),
  college: z.strictObject({ name: z.string(), shortName: z.string(), emailDomain: z.string() }),
  theme: z.strictObject({ primary: z.string(), primaryDark: z.string(), accent: z.string(), onPrimary: z.string() }),
  logo: z.string(),
  logoFull: z.string(),
  dorms: z.array(z.strictObject({ key: z.string(), label: z.string(), image: z.string() })),
  offCampusImage: z.string(),
  landingImages: z.array(z.strictObject({ src: z.string(), alt: z.string() })),
  footer: z.strictObject({
    contactEmail: z.string(),
    contactPhone: z.string().optional(),
    instagram: z.string().optional(),
    resourceLinks: z.array(z.strictObject({ label: z.string(), url: z.string() })),
  }),
  groupsMatched: z.number().int(),
  termsVersion: z.string(),
  /** The lifestyle questionnaire this college asks. */
  lifestyleQuestions: z.array(lifestyleQuestionViewSchema),
  /** Places students go to, for walking minutes (issue 33); empty when the college names none. */
  campusPlaces: z.array(
    z.strictObject({ key: z.string(), name: z.string(), latitude: z.number(), longitude: z.number() }),
  ),
  /** The shuttle's stops, each with its ride to the first campus place. */
  shuttleStops: z.array(
    z.strictObject({
      key: z.string(),
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      rideMinutes: z.number().int(),
    }),
  ),
  /** The map's centre and extent (where a pin may be placed), or null without a map section. */
  map: publicMapSchema.nullable(),
  auth: z.strictObject({
    oidc: z.strictObject({ label: z.string() }).nullable(),
    emailPassword: z.boolean(),
  }),
});
/** What the browser may know about the deployment: served at GET /api/config. */
export type PublicConfig = z.output<typeof publicConfigSchema>;
