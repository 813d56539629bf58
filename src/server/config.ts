import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type CollegeConfig, collegeConfigSchema } from '../shared/schemas/college';
import { STREAMS_PER_SERVER } from './conversations/live-limits';

/** A configuration problem, reported at start-up as one sentence (never a stack trace). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  label: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  collegeConfigPath: string;
  college: CollegeConfig;
  /** Absolute folder of the college's images. */
  collegeAssetsDir: string;
  /** The map's PMTiles archive the college config names (absolute), if it names one. */
  mapTilesFile: string | undefined;
  smtpUrl: string | undefined;
  /**
   * FILE_MAILBOX: without SMTP_URL, mail is written to DATA_DIR/mailbox. Production refuses that
   * unless this says it is meant (a test server nobody relies on for mail).
   */
  fileMailbox: boolean;
  mailFrom: string;
  contactTo: string;
  oidc: OidcConfig | undefined;
  s3: S3Config | undefined;
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For): false trusts nobody (the
   * socket's peer is the client), a number trusts that many hops in front of the server, a list
   * trusts those addresses and CIDR ranges (and the names loopback, linklocal, uniquelocal).
   */
  trustProxy: TrustProxy;
  /** Built client files; absent in API-only tests. */
  clientDir: string | undefined;
  /**
   * How old an unreferenced stored image must be before the sweep removes it (ORPHAN_FILE_GRACE_SECONDS,
   * default one hour): younger ones may belong to a save another server is finishing right now.
   */
  orphanGraceMs: number;
  /** Live streams this server holds at most (LIVE_STREAMS_MAX); past it a new one answers 503. */
  liveStreamsMax: number;
  /**
   * Who may read /metrics: clients at these addresses and CIDR ranges (and the names loopback,
   * linklocal, uniquelocal), judged on the address TRUST_PROXY gives (METRICS_ALLOW, default
   * loopback; `none` allows no address), or anyone presenting `metricsToken` as a Bearer token.
   */
  metricsAllow: string[];
  /** METRICS_TOKEN: a Bearer token that opens /metrics from any address; unset, only the addresses do. */
  metricsToken: string | undefined;
}

export type TrustProxy = false | number | string[];

type Env = Record<string, string | undefined>;

/** The address-range names Fastify's proxy-addr understands. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset trusts nobody; `2` trusts two hops; `10.0.0.1, 10.1.0.0/16, loopback` trusts those. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 100) {
      throw new ConfigError(`TRUST_PROXY must be a hop count from 1 to 100 (or unset to trust no proxy), not ${text}.`);
    }
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count or a comma-separated list of IP addresses, CIDR ranges and the names loopback, linklocal or uniquelocal, and "${bad}" is none of these.`,
    );
  }
  return entries;
}

/**
 * METRICS_ALLOW: unset or blank allows loopback only (a Prometheus on the same machine); `none`
 * allows no address (the token alone opens /metrics); otherwise addresses, CIDR ranges and names.
 */
function parseMetricsAllow(value: string | undefined): string[] {
  const text = value?.trim() ?? '';
  if (text === '') return ['loopback'];
  if (text.toLowerCase() === 'none') return [];
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `METRICS_ALLOW must be none or a comma-separated list of IP addresses, CIDR ranges and the names loopback, linklocal or uniquelocal, and "${bad}" is none of these.`,
    );
  }
  return entries;
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(blankToUndefined, z.string().optional());

function urlWithProtocols(protocols: string[]) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      )
      .optional(),
  );
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  AUTH_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters long').optional()),
  COLLEGE_CONFIG: z.preprocess(blankToUndefined, z.string().default('config/college.json')),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  FILE_MAILBOX: z.preprocess(
    blankToUndefined,
    z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
  ),
  MAIL_FROM: optionalString,
  CONTACT_TO: z.preprocess(blankToUndefined, z.email('must be an e-mail address').optional()),
  OIDC_ISSUER: urlWithProtocols(['http:', 'https:']),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_LABEL: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:']),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  TRUST_PROXY: optionalString,
  METRICS_ALLOW: optionalString,
  // Sent by the scraper in an Authorization header, so printable and without spaces; long enough
  // that guessing it is hopeless (a random 32 characters, e.g. `openssl rand -hex 32`).
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^[\x21-\x7e]{32,}$/,
        'must be at least 32 characters, printable and without spaces (e.g. openssl rand -hex 32)',
      )
      .optional(),
  ),
  LIVE_STREAMS_MAX: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'must be a whole number of streams' }).int().min(1).default(STREAMS_PER_SERVER),
  ),
  ORPHAN_FILE_GRACE_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).default(3600),
  ),
});

function describeIssue(issue: z.core.$ZodIssue, prefix: string): string {
  const where = issue.path.length > 0 ? `${prefix}${issue.path.join('.')}` : prefix.replace(/\.$/, '');
  return `${where} ${issue.message.replace(/^Invalid input: /, 'is invalid: ')}`;
}

/** Reads and validates the college config file; throws ConfigError naming the file and field. */
function loadCollegeConfig(configPath: string): CollegeConfig {
  let raw: string;
  try {
    raw = readFileSync(configPath, 'utf8');
  } catch {
    throw new ConfigError(`COLLEGE_CONFIG points to ${configPath}, which cannot be read.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ConfigError(`COLLEGE_CONFIG file ${configPath} is not valid JSON (${(error as Error).message}).`);
  }
  const parsed = collegeConfigSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(
      `COLLEGE_CONFIG file ${configPath}: ${first ? describeIssue(first, 'field ') : 'is invalid'}.`,
    );
  }
  const assetsDir = path.resolve(path.dirname(configPath), parsed.data.assetsDir);
  const referenced = [
    parsed.data.logo,
    parsed.data.logoFull,
    parsed.data.offCampusImage,
    ...parsed.data.dorms.map((d) => d.image),
    ...parsed.data.landingImages.map((i) => i.src),
  ];
  const missing = referenced.find((file) => !existsSync(path.join(assetsDir, file)));
  if (missing) {
    throw new ConfigError(
      `COLLEGE_CONFIG file ${configPath} names the image ${missing}, which is not in ${assetsDir}.`,
    );
  }
  return parsed.data;
}

/** The signing secret: required in production; generated once into DATA_DIR in development. */
function resolveAuthSecret(env: z.infer<typeof envSchema>, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('AUTH_SECRET must be set (at least 32 characters) when NODE_ENV is production.');
  }
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the environment and the college config. Throws ConfigError with one sentence on any problem. */
/** How the college config names a file under DATA_DIR (the map's tiles, which a deployer puts there). */
export const DATA_DIR_PREFIX = '$DATA_DIR/';

/**
 * Where the map's tiles are: `$DATA_DIR/...` is under the data folder (the default college's, a
 * file each deployment fills), anything else is relative to the config file (or absolute).
 */
export function mapTilesPath(tiles: string, collegeConfigPath: string, dataDir: string): string {
  return tiles.startsWith(DATA_DIR_PREFIX)
    ? path.resolve(dataDir, tiles.slice(DATA_DIR_PREFIX.length))
    : path.resolve(path.dirname(collegeConfigPath), tiles);
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(first ? `${describeIssue(first, '')}.` : 'The environment is invalid.');
  }
  const vars = parsed.data;
  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  const collegeConfigPath = path.resolve(cwd, vars.COLLEGE_CONFIG);
  const college = loadCollegeConfig(collegeConfigPath);

  const oidcVars = [vars.OIDC_ISSUER, vars.OIDC_CLIENT_ID, vars.OIDC_CLIENT_SECRET];
  if (oidcVars.some(Boolean) && !oidcVars.every(Boolean)) {
    const missing = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter((_, i) => !oidcVars[i]);
    throw new ConfigError(`${missing.join(' and ')} must be set too when any OIDC_ variable is set.`);
  }
  const s3Vars = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!vars.S3_BUCKET && s3Vars.some((name) => vars[name])) {
    throw new ConfigError('S3_BUCKET must be set when any other S3_ variable is set.');
  }
  if (vars.S3_BUCKET && Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  }
  // Without keys the AWS SDK looks for an AWS machine role, which a store at S3_ENDPOINT (Garage,
  // SeaweedFS, Ceph, a provider other than AWS) never has: every upload would fail, not the start.
  if (vars.NODE_ENV === 'production' && vars.S3_BUCKET && vars.S3_ENDPOINT && !vars.S3_ACCESS_KEY_ID) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_ENDPOINT is set and NODE_ENV is production.',
    );
  }

  const authSecret = resolveAuthSecret(vars, dataDir);

  const port = vars.PORT;
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    nodeEnv: vars.NODE_ENV,
    port,
    host: vars.HOST,
    publicUrl,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    orphanGraceMs: vars.ORPHAN_FILE_GRACE_SECONDS * 1000,
    liveStreamsMax: vars.LIVE_STREAMS_MAX,
    authSecret,
    collegeConfigPath,
    college,
    collegeAssetsDir: path.resolve(path.dirname(collegeConfigPath), college.assetsDir),
    mapTilesFile: college.map?.tiles ? mapTilesPath(college.map.tiles, collegeConfigPath, dataDir) : undefined,
    smtpUrl: vars.SMTP_URL,
    fileMailbox: vars.FILE_MAILBOX,
    mailFrom: vars.MAIL_FROM ?? `${college.productName} <no-reply@${new URL(publicUrl).hostname}>`,
    contactTo: vars.CONTACT_TO ?? college.teamContactEmail,
    oidc:
      vars.OIDC_ISSUER && vars.OIDC_CLIENT_ID && vars.OIDC_CLIENT_SECRET
        ? {
            issuer: vars.OIDC_ISSUER.replace(/\/+$/, ''),
            clientId: vars.OIDC_CLIENT_ID,
            clientSecret: vars.OIDC_CLIENT_SECRET,
            label: vars.OIDC_LABEL ?? 'Google',
          }
        : undefined,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          endpoint: vars.S3_ENDPOINT,
          region: vars.S3_REGION ?? 'us-east-1',
          accessKeyId: vars.S3_ACCESS_KEY_ID,
          secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    metricsAllow: parseMetricsAllow(vars.METRICS_ALLOW),
    metricsToken: vars.METRICS_TOKEN,
    clientDir: path.resolve(cwd, 'dist/client'),
  };
}

/**
 * The server (not the scripts, which send no mail) refuses to run in production with the file
 * mailbox: it stores every link, password resets included, on disk instead of sending it. A test
 * server may ask for it on purpose (FILE_MAILBOX=1).
 */
export function assertServerCanSendMail(config: Pick<AppConfig, 'nodeEnv' | 'smtpUrl' | 'fileMailbox'>): void {
  if (config.nodeEnv === 'production' && !config.smtpUrl && !config.fileMailbox) {
    throw new ConfigError(
      'SMTP_URL must be set when NODE_ENV is production (smtp://user:pass@host:587), or e-mail would only be written to DATA_DIR/mailbox.',
    );
  }
}

/** Moderators are named by e-mail address in the college config (issue 14), compared case-insensitively. */
export function moderatorCheck(config: AppConfig): (email: string) => boolean {
  const moderators = new Set(config.college.moderators.map((email) => email.trim().toLowerCase()));
  return (email: string) => moderators.has(email.trim().toLowerCase());
}
