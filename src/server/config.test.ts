import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAM_WARNING_RULES } from '../shared/scam-warnings';
import { assertServerCanSendMail, ConfigError, loadConfig } from './config';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'qm-config-'));
const base = () => ({ DATA_DIR: tmp(), NODE_ENV: 'test' });

function configError(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env, repoRoot);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to fail');
}

/** Writes a copy of the real college config with one change, next to the real asset folder. */
function collegeConfigWith(change: (config: Record<string, unknown>) => void): string {
  const config = JSON.parse(readFileSync(path.join(repoRoot, 'config/college.json'), 'utf8'));
  change(config);
  config.assetsDir = path.join(repoRoot, 'config', config.assetsDir);
  const file = path.join(tmp(), 'college.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('loadConfig', () => {
  it('caps live streams at 2,000 a server unless LIVE_STREAMS_MAX says otherwise, and refuses a cap that is not a count', () => {
    expect(loadConfig(base(), repoRoot).liveStreamsMax).toBe(2_000);
    expect(loadConfig({ ...base(), LIVE_STREAMS_MAX: '500' }, repoRoot).liveStreamsMax).toBe(500);
    expect(configError({ ...base(), LIVE_STREAMS_MAX: 'many' })).toBe(
      'LIVE_STREAMS_MAX must be a whole number of streams.',
    );
    expect(configError({ ...base(), LIVE_STREAMS_MAX: '0' })).toMatch(/^LIVE_STREAMS_MAX /);
  });

  it('loads the embedded defaults with no environment at all', () => {
    const env = base();
    const config = loadConfig(env, repoRoot);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.college.college.emailDomain).toBe('bc.edu');
    expect(config.college.dorms.map((d) => d.key)).toEqual([
      'Gabelli',
      'Ignacio',
      'Modulars',
      'Ninety-St-Thomas-More',
      'Reservoir',
      'Rubenstein',
      'Stayer',
      'Thomas-More',
      'Vanderslice',
      'Voute',
      'Walsh',
      '66',
      'Roncalli',
      'Welch',
    ]);
    expect(config.contactTo).toBe(config.college.teamContactEmail);
    expect(config.oidc).toBeUndefined();
    expect(config.s3).toBeUndefined();
  });

  it('generates the development auth secret once and keeps it', () => {
    const env = base();
    const first = loadConfig(env, repoRoot).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(env, repoRoot).authSecret).toBe(first);
    expect(readFileSync(path.join(env.DATA_DIR, 'auth-secret'), 'utf8')).toBe(first);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(configError({ ...base(), NODE_ENV: 'production' })).toBe(
      'AUTH_SECRET must be set (at least 32 characters) when NODE_ENV is production.',
    );
  });

  it('refuses the file mailbox for a production server: reset links would only be written to disk', () => {
    const production = {
      ...base(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-that-is-long-enough-0123',
    };
    const refusal = () => {
      try {
        assertServerCanSendMail(loadConfig(production, repoRoot));
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal()).toBe(
      'SMTP_URL must be set when NODE_ENV is production (smtp://user:pass@host:587), or e-mail would only be written to DATA_DIR/mailbox.',
    );
    expect(() =>
      assertServerCanSendMail(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' }, repoRoot)),
    ).not.toThrow();
    // A test server may ask for the mailbox on purpose.
    expect(() => assertServerCanSendMail(loadConfig({ ...production, FILE_MAILBOX: '1' }, repoRoot))).not.toThrow();
    expect(configError({ ...production, FILE_MAILBOX: 'yes' })).toBe('FILE_MAILBOX must be 1 or 0.');
    // Development keeps the mailbox by default.
    expect(() => assertServerCanSendMail(loadConfig({ ...base(), NODE_ENV: 'development' }, repoRoot))).not.toThrow();
  });

  it('names the variable when DATABASE_URL is not a PostgreSQL URL', () => {
    const message = configError({ ...base(), DATABASE_URL: 'mysql://root@localhost/test' });
    expect(message).toMatch(/^DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\/\.$/);
  });

  it('names the variable when PORT is not a port', () => {
    expect(configError({ ...base(), PORT: 'eighty' })).toMatch(/^PORT /);
    expect(configError({ ...base(), PORT: '70000' })).toMatch(/^PORT /);
  });

  it('requires the OIDC variables together', () => {
    expect(configError({ ...base(), OIDC_ISSUER: 'https://accounts.google.com' })).toBe(
      'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set too when any OIDC_ variable is set.',
    );
  });

  it('reads OIDC and S3 settings when complete', () => {
    const config = loadConfig(
      {
        ...base(),
        OIDC_ISSUER: 'https://accounts.google.com/',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
        S3_BUCKET: 'images',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      },
      repoRoot,
    );
    expect(config.oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
      label: 'Google',
    });
    expect(config.s3).toMatchObject({ bucket: 'images', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1' });
  });

  it("requires a store's keys in production when S3_ENDPOINT names a store other than AWS", () => {
    const production = {
      ...base(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-that-is-long-enough-0123',
      S3_BUCKET: 'images',
      S3_ENDPOINT: 'https://s3.example.edu',
    };
    expect(configError(production)).toBe(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_ENDPOINT is set and NODE_ENV is production.',
    );
    // Blank lines of an environment file count as unset.
    expect(configError({ ...production, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: ' ' })).toMatch(
      /^S3_ACCESS_KEY_ID /,
    );
    const keyed = loadConfig({ ...production, S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }, repoRoot);
    expect(keyed.s3).toMatchObject({ endpoint: 'https://s3.example.edu', accessKeyId: 'key' });
    // On AWS itself (no endpoint) the machine's role may hold the keys.
    expect(loadConfig({ ...production, S3_ENDPOINT: undefined }, repoRoot).s3?.accessKeyId).toBeUndefined();
  });

  it('stops on a COLLEGE_CONFIG that does not exist', () => {
    expect(configError({ ...base(), COLLEGE_CONFIG: '/nowhere/college.json' })).toBe(
      'COLLEGE_CONFIG points to /nowhere/college.json, which cannot be read.',
    );
  });

  it('stops on a COLLEGE_CONFIG that is not JSON', () => {
    const file = path.join(tmp(), 'college.json');
    writeFileSync(file, '{ not json');
    expect(configError({ ...base(), COLLEGE_CONFIG: file })).toMatch(/^COLLEGE_CONFIG file .* is not valid JSON/);
  });

  it('names the bad field of the college config', () => {
    const file = collegeConfigWith((c) => {
      (c.college as Record<string, unknown>).emailDomain = 'BC';
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: file })).toBe(
      `COLLEGE_CONFIG file ${file}: field college.emailDomain must be a lower-case domain like bc.edu.`,
    );
  });

  it('refuses repeated dorm keys', () => {
    const file = collegeConfigWith((c) => {
      const dorms = c.dorms as { key: string }[];
      (dorms[1] as { key: string }).key = 'Gabelli';
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: file })).toContain(
      'field dorms.1.key repeats the dorm key Gabelli',
    );
  });

  it('reads campus places, shuttle stops and the map (issue 33), all optional, and names a wrong one', () => {
    const college = loadConfig(base(), repoRoot).college;
    expect(college.campusPlaces.map((place) => place.name)).toEqual([
      'Main Campus',
      'Brighton Campus',
      'Newton Campus',
    ]);
    expect(college.shuttleStops.length).toBeGreaterThan(0);
    expect(college.map?.bounds).toEqual([
      [-71.21, 42.315],
      [-71.115, 42.365],
    ]);
    const none = collegeConfigWith((c) => {
      delete c.campusPlaces;
      delete c.shuttleStops;
      delete c.map;
    });
    const bare = loadConfig({ ...base(), COLLEGE_CONFIG: none }, repoRoot).college;
    expect([bare.campusPlaces, bare.shuttleStops, bare.map]).toEqual([[], [], undefined]);
    const cases: [(c: Record<string, unknown>) => void, string][] = [
      [
        (c) => {
          (c.campusPlaces as { key: string }[])[1] = { ...(c.campusPlaces as { key: string }[])[1], key: 'main' };
        },
        'field campusPlaces.1.key repeats the place key main',
      ],
      [
        (c) => {
          (c.campusPlaces as { latitude: number }[])[0] = {
            ...(c.campusPlaces as object[])[0],
            latitude: 142,
          } as never;
        },
        'field campusPlaces.0.latitude must be a latitude from -90 to 90',
      ],
      [
        (c) => {
          (c.map as Record<string, unknown>).bounds = [
            [-71.1, 42.3],
            [-71.2, 42.4],
          ];
        },
        'field map.bounds must be [[west, south], [east, north]]',
      ],
      [
        (c) => {
          (c.map as Record<string, unknown>).centre = [-70, 42.34];
        },
        'field map.centre must lie inside the bounds',
      ],
      [
        (c) => {
          delete c.campusPlaces;
        },
        'field shuttleStops needs a campus place for the shuttle to go to',
      ],
    ];
    for (const [change, message] of cases) {
      expect(configError({ ...base(), COLLEGE_CONFIG: collegeConfigWith(change) })).toContain(message);
    }
  });

  it("names the map's tiles: the default college's under DATA_DIR, another's relative to its config file", () => {
    const env = base();
    const config = loadConfig(env, repoRoot);
    expect(config.college.map?.tiles).toBe('$DATA_DIR/map/boston-college.pmtiles');
    expect(config.mapTilesFile).toBe(path.join(env.DATA_DIR, 'map', 'boston-college.pmtiles'));
    const beside = collegeConfigWith((c) => {
      (c.map as Record<string, unknown>).tiles = 'map/streets.pmtiles';
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: beside }, repoRoot).mapTilesFile).toBe(
      path.join(path.dirname(beside), 'map', 'streets.pmtiles'),
    );
    const none = collegeConfigWith((c) => {
      delete (c.map as Record<string, unknown>).tiles;
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: none }, repoRoot).mapTilesFile).toBeUndefined();
  });

  it('reads an optional self-hosted geocoder in the map section, and names a wrong one', () => {
    expect(loadConfig(base(), repoRoot).college.map?.geocoder).toBeUndefined();
    const photon = collegeConfigWith((c) => {
      (c.map as Record<string, unknown>).geocoder = { kind: 'photon', url: 'http://127.0.0.1:2322' };
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: photon }, repoRoot).college.map?.geocoder).toEqual({
      kind: 'photon',
      url: 'http://127.0.0.1:2322',
    });
    const wrong = (geocoder: unknown) =>
      configError({
        ...base(),
        COLLEGE_CONFIG: collegeConfigWith((c) => {
          (c.map as Record<string, unknown>).geocoder = geocoder;
        }),
      });
    expect(wrong({ kind: 'google', url: 'http://127.0.0.1:2322' })).toContain(
      'field map.geocoder.kind must be nominatim or photon',
    );
    expect(wrong({ kind: 'nominatim', url: 'file:///etc/passwd' })).toContain(
      'map.geocoder.url must be an http(s) address',
    );
  });

  it('lets the college remove and add lifestyle questions, and names a wrong one', () => {
    const pets = {
      key: 'pets',
      topic: 'pets',
      prompt: 'Do you have a pet?',
      livePrompt: 'Which could you live with?',
      options: [
        { key: 'none', label: 'no pet' },
        { key: 'fish', label: 'a fish' },
      ],
    };
    const file = collegeConfigWith((c) => {
      // An older config's 'they'/'you' phrases (no sentence states an answer any more) still parse.
      c.lifestyle = { removeQuestions: ['alcohol'], addQuestions: [{ ...pets, they: 'has', you: 'have' }] };
    });
    const config = loadConfig({ ...base(), COLLEGE_CONFIG: file }, repoRoot);
    expect(config.college.lifestyle).toEqual({ removeQuestions: ['alcohol'], addQuestions: [pets] });
    const unknown = collegeConfigWith((c) => {
      c.lifestyle = { removeQuestions: ['pets'] };
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: unknown })).toContain(
      'field lifestyle.removeQuestions.0 is not a default question: pets',
    );
    const repeated = collegeConfigWith((c) => {
      c.lifestyle = { addQuestions: [{ ...pets, key: 'noise' }] };
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: repeated })).toContain(
      'field lifestyle.addQuestions.0.key repeats the question key noise',
    );
  });

  it('reads the alert and freshness intervals, and stops on a bad one with one sentence naming it', () => {
    expect(loadConfig(base(), repoRoot).college.alerts).toEqual({ digestHourUtc: 13 });
    const early = collegeConfigWith((c) => {
      c.alerts = { digestHourUtc: 6 };
      c.freshness = { remindAfterDays: 30, staleAfterDays: 10 };
    });
    const config = loadConfig({ ...base(), COLLEGE_CONFIG: early }, repoRoot);
    expect(config.college.alerts.digestHourUtc).toBe(6);
    expect(config.college.freshness).toEqual({ remindAfterDays: 30, staleAfterDays: 10 });
    for (const bad of [24, -1, 13.5, '13:00']) {
      const file = collegeConfigWith((c) => {
        c.alerts = { digestHourUtc: bad };
      });
      expect(configError({ ...base(), COLLEGE_CONFIG: file })).toBe(
        `COLLEGE_CONFIG file ${file}: field alerts.digestHourUtc must be a whole hour from 0 to 23 (UTC).`,
      );
    }
    const stale = collegeConfigWith((c) => {
      c.freshness = { remindAfterDays: 21, staleAfterDays: 0 };
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: stale })).toBe(
      `COLLEGE_CONFIG file ${stale}: field freshness.staleAfterDays must be a whole number of days from 1 to 365.`,
    );
  });

  it('reads the agreement revisit days: none by default, one day or a list, and stops on a bad one naming it', () => {
    const defaults = loadConfig(base(), repoRoot).college.agreement;
    expect([defaults.revisitOn, defaults.revisitHourUtc]).toEqual([[], 13]);
    const one = collegeConfigWith((c) => {
      c.agreement = { revisitOn: '2027-03-01' };
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: one }, repoRoot).college.agreement).toMatchObject({
      revisitOn: ['2027-03-01'],
      revisitHourUtc: 13,
      removeClauses: [],
    });
    const two = collegeConfigWith((c) => {
      c.agreement = { revisitOn: ['2026-10-15', '2027-03-01'], revisitHourUtc: 9 };
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: two }, repoRoot).college.agreement).toMatchObject({
      revisitOn: ['2026-10-15', '2027-03-01'],
      revisitHourUtc: 9,
    });
    const refusals: [unknown, string][] = [
      ['1 March', 'agreement.revisitOn must be a date like 2027-03-01 (YYYY-MM-DD)'],
      ['2027-02-30', 'agreement.revisitOn must be a date like 2027-03-01 (YYYY-MM-DD)'],
      [['2027-03-01', '2027-13-01'], 'agreement.revisitOn.1 must be a date like 2027-03-01 (YYYY-MM-DD)'],
      [['2027-03-01', '2027-03-01'], 'agreement.revisitOn.1 repeats 2027-03-01'],
    ];
    for (const [revisitOn, field] of refusals) {
      const file = collegeConfigWith((c) => {
        c.agreement = { revisitOn };
      });
      expect(configError({ ...base(), COLLEGE_CONFIG: file })).toBe(`COLLEGE_CONFIG file ${file}: field ${field}.`);
    }
    const late = collegeConfigWith((c) => {
      c.agreement = { revisitOn: '2027-03-01', revisitHourUtc: 24 };
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: late })).toBe(
      `COLLEGE_CONFIG file ${late}: field agreement.revisitHourUtc must be a whole hour from 0 to 23 (UTC).`,
    );
  });

  it('reads the scam-warning rules: the default college spells out the built-in ones, a college without them gets those, a wrong one stops start-up naming it', () => {
    expect(loadConfig(base(), repoRoot).college.scamWarnings).toEqual(DEFAULT_SCAM_WARNING_RULES);
    const without = collegeConfigWith((c) => {
      delete c.scamWarnings;
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: without }, repoRoot).college.scamWarnings).toEqual(
      DEFAULT_SCAM_WARNING_RULES,
    );
    const own = { cues: [{ category: 'money', phrases: ['interac*'] }], warnWhen: [['money']] };
    const changed = collegeConfigWith((c) => {
      c.scamWarnings = own;
    });
    expect(loadConfig({ ...base(), COLLEGE_CONFIG: changed }, repoRoot).college.scamWarnings).toEqual(own);
    const cases: [unknown, string][] = [
      [
        { cues: own.cues, warnWhen: [['money', 'abroad']] },
        'field scamWarnings.warnWhen.0.1 names the category abroad, which no cue has',
      ],
      [
        { cues: [{ category: 'money', phrases: ['?!'] }], warnWhen: [] },
        'field scamWarnings.cues.0.phrases.0 must contain a letter, a digit or $',
      ],
      [
        { cues: [{ category: 'money', phrases: ['*pay'] }], warnWhen: [] },
        'field scamWarnings.cues.0.phrases.0 may have * only at the end of a word',
      ],
      [
        { cues: [{ category: 'Money!', phrases: ['pay'] }], warnWhen: [] },
        'field scamWarnings.cues.0.category must be lower-case letters',
      ],
    ];
    for (const [rules, expected] of cases) {
      const file = collegeConfigWith((c) => {
        c.scamWarnings = rules;
      });
      expect(configError({ ...base(), COLLEGE_CONFIG: file })).toContain(expected);
    }
  });

  it('refuses a config naming an image it does not ship', () => {
    const file = collegeConfigWith((c) => {
      c.logo = 'missing.svg';
    });
    expect(configError({ ...base(), COLLEGE_CONFIG: file })).toMatch(/names the image missing\.svg, which is not in/);
  });

  it('gives one sentence with no stack trace lines', () => {
    const message = configError({ ...base(), DATABASE_URL: 'nonsense' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message.endsWith('.')).toBe(true);
  });

  describe('METRICS_ALLOW and METRICS_TOKEN', () => {
    it('open /metrics to loopback only, with no token, when unset or blank', () => {
      for (const env of [base(), { ...base(), METRICS_ALLOW: ' ', METRICS_TOKEN: '' }]) {
        const config = loadConfig(env, repoRoot);
        expect(config.metricsAllow).toEqual(['loopback']);
        expect(config.metricsToken).toBeUndefined();
      }
    });

    it('take a list of addresses, CIDR ranges and range names, or none', () => {
      const env = { ...base(), METRICS_ALLOW: '10.0.0.5, 10.1.0.0/16,loopback, ::1, fd00::/8, uniquelocal' };
      expect(loadConfig(env, repoRoot).metricsAllow).toEqual([
        '10.0.0.5',
        '10.1.0.0/16',
        'loopback',
        '::1',
        'fd00::/8',
        'uniquelocal',
      ]);
      expect(loadConfig({ ...base(), METRICS_ALLOW: 'None' }, repoRoot).metricsAllow).toEqual([]);
    });

    it('take a token of at least 32 printable characters', () => {
      const token = 'f'.repeat(32);
      expect(loadConfig({ ...base(), METRICS_TOKEN: token }, repoRoot).metricsToken).toBe(token);
    });

    it.each([
      ['METRICS_ALLOW', 'prometheus.internal', '"prometheus.internal" is none of these'],
      ['METRICS_ALLOW', '10.0.0.0/33', '"10.0.0.0/33" is none of these'],
      ['METRICS_ALLOW', '10.0.0.1,,10.0.0.2', '"" is none of these'],
      ['METRICS_ALLOW', 'none, 10.0.0.1', '"none" is none of these'],
      ['METRICS_TOKEN', 'short', 'at least 32 characters'],
      ['METRICS_TOKEN', `${'a'.repeat(20)} ${'b'.repeat(20)}`, 'without spaces'],
    ])('refuses %s=%s in one sentence', (name, value, expected) => {
      const message = configError({ ...base(), [name]: value });
      expect(message).toMatch(new RegExp(`^${name} must be`));
      expect(message).toContain(expected);
      expect(message.split('\n')).toHaveLength(1);
      expect(message.endsWith('.')).toBe(true);
    });
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy when unset or blank', () => {
      expect(loadConfig(base(), repoRoot).trustProxy).toBe(false);
      expect(loadConfig({ ...base(), TRUST_PROXY: '  ' }, repoRoot).trustProxy).toBe(false);
    });

    it('takes a hop count', () => {
      expect(loadConfig({ ...base(), TRUST_PROXY: '1' }, repoRoot).trustProxy).toBe(1);
      expect(loadConfig({ ...base(), TRUST_PROXY: '3' }, repoRoot).trustProxy).toBe(3);
    });

    it('takes a list of addresses, CIDR ranges and range names', () => {
      const env = { ...base(), TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback, ::1, fd00::/8, uniquelocal' };
      expect(loadConfig(env, repoRoot).trustProxy).toEqual([
        '10.0.0.1',
        '10.1.0.0/16',
        'loopback',
        '::1',
        'fd00::/8',
        'uniquelocal',
      ]);
    });

    it.each([
      ['true', '"true" is none of these'],
      ['10.0.0.256', '"10.0.0.256" is none of these'],
      ['10.0.0.0/33', '"10.0.0.0/33" is none of these'],
      ['10.0.0.1,,10.0.0.2', '"" is none of these'],
      ['proxy.example.com', '"proxy.example.com" is none of these'],
      ['0', 'hop count from 1 to 100'],
      ['101', 'hop count from 1 to 100'],
    ])('refuses %s in one sentence', (value, expected) => {
      const message = configError({ ...base(), TRUST_PROXY: value });
      expect(message).toContain('TRUST_PROXY must be');
      expect(message).toContain(expected);
      expect(message.split('\n')).toHaveLength(1);
      expect(message.endsWith('.')).toBe(true);
    });
  });
});
