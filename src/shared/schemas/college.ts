import { z } from 'zod';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #8a100b');
/** A path inside the college's asset folder: no absolute paths, no climbing out. */
const assetPath = z
  .string()
  .min(1)
  .regex(/^(?!\/)(?!.*\.\.)[\w./-]+$/, 'must be a relative path inside the asset folder');
const emailDomain = z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a lower-case domain like bc.edu');

export const dormSchema = z.object({
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
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    for (const [i, dorm] of config.dorms.entries()) {
      if (seen.has(dorm.key)) {
        ctx.addIssue({ code: 'custom', path: ['dorms', i, 'key'], message: `repeats the dorm key ${dorm.key}` });
      }
      seen.add(dorm.key);
    }
  });

export type CollegeConfig = z.infer<typeof collegeConfigSchema>;
export type Dorm = z.infer<typeof dormSchema>;

/** What the browser may know about the deployment: served at GET /api/config. */
export interface PublicConfig {
  productName: string;
  college: { name: string; shortName: string; emailDomain: string };
  theme: CollegeConfig['theme'];
  logo: string;
  logoFull: string;
  dorms: { key: string; label: string; image: string }[];
  offCampusImage: string;
  landingImages: { src: string; alt: string }[];
  footer: CollegeConfig['footer'];
  groupsMatched: number;
  termsVersion: string;
  auth: { oidc: { label: string } | null; emailPassword: boolean };
}
