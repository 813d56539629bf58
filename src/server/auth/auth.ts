import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { cleanAccountName, posesAsOfficial, posingRulesOf } from '../../shared/account-names';
import { AUTH_BASE_PATH } from '../../shared/auth-endpoints';
import { messages } from '../../shared/messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, sanitizeAccountName } from '../../shared/schemas/auth';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { CLIENT_ADDRESS_HEADER } from '../http/client-address';
import { renderMail } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import type { AccountCleanups } from './account-cleanup';
import { assertCollegeEmail, EMAIL_DOMAIN_NOT_ALLOWED, isCollegeEmail } from './domain-policy';
import {
  CONFIRM_EMAIL_PATH,
  emailVerification,
  VERIFICATION_TOKEN_TTL_SECONDS,
  verificationMail,
} from './email-verification';
import { resilientOidc } from './oidc';
import { trustedOrigins } from './origins';
import { hashPasswordOnce } from './password-hashes';
import { verifyPassword } from './scrypt-password';

// AUTH_BASE_PATH, where better-auth is mounted, is shared with the client (src/shared/auth-endpoints.ts).
export { AUTH_BASE_PATH };

export interface AuthDeps {
  config: AppConfig;
  db: Database;
  accountCleanups: AccountCleanups;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** A moderator suspended the account (issue 14): no new session may start for it. */
  isSuspended?: (userId: string) => Promise<boolean>;
}

const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';

/** How much of one better-auth log message reaches the log. */
const BETTER_AUTH_MESSAGE_LIMIT = 300;

const EMAIL_NOT_VERIFIED_BY_PROVIDER = 'EMAIL_NOT_VERIFIED_BY_PROVIDER';

export function createAuth({ config, db, accountCleanups, log, isSuspended }: AuthDeps) {
  const productName = config.college.productName;
  const { emailDomain, allowedEmailSubdomains } = config.college.college;
  const posingRules = posingRulesOf(config.college);
  return betterAuth({
    appName: productName,
    // better-auth's own messages go to the app's log (structured and redacted, quiet in tests), not
    // the console; one can quote request input (a hostile callback address), so it is cut short.
    // No `level`: with one set, better-auth also prints every refused request to the console.
    logger: {
      log(level, message) {
        const text =
          message.length > BETTER_AUTH_MESSAGE_LIMIT ? `${message.slice(0, BETTER_AUTH_MESSAGE_LIMIT)}…` : message;
        if (level === 'error') log.error({ source: 'better-auth' }, text);
        else if (level === 'warn') log.warn({ source: 'better-auth' }, text);
        else log.info({ source: 'better-auth' }, text);
      },
    },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: {
        termsAcceptedAt: { type: 'date', required: false, input: false },
        termsVersion: { type: 'string', required: false, input: false },
      },
      deleteUser: {
        enabled: true,
        // Rows cascade in the database; cleanups remove what lives outside it (stored images).
        async beforeDelete(user) {
          await accountCleanups.run(user.id, log);
        },
      },
      /**
       * Every OpenID Connect sign-up, link and sign-in passes the college policy with the
       * provider's current answer: a college address the provider itself has verified.
       */
      validateUserInfo({ user, source }) {
        if (source.method !== 'oauth') return;
        if (!user.email || !isCollegeEmail(user.email, emailDomain, allowedEmailSubdomains)) {
          return { error: EMAIL_DOMAIN_NOT_ALLOWED, errorDescription: messages.accessRestricted(emailDomain) };
        }
        const claimed = source.oauth?.profile?.email_verified;
        if (user.emailVerified !== true && claimed !== true && claimed !== 'true') {
          return {
            error: EMAIL_NOT_VERIFIED_BY_PROVIDER,
            errorDescription: 'The provider has not verified this e-mail.',
          };
        }
        return;
      },
    },
    account: {
      // An OpenID account joins an existing password account only when both sides verified the address.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    // OAuth failures come back to the sign-in page, which shows the reason.
    onAPIError: { errorURL: `${config.publicUrl}/signin-wall` },
    plugins: [emailVerification({ config, db }), ...(config.oidc ? [resilientOidc(config.oidc, emailDomain)] : [])],
    // Verification is our page's confirming POST (email-verification.ts): better-auth's GET
    // link would verify, and sign in, whichever browser opens it.
    disabledPaths: ['/verify-email'],
    emailAndPassword: {
      enabled: true,
      // No password opens an account before its address is proven (decision 0020): the
      // password is chosen again on the verification page. No sign-in on sign-up, so signing
      // up with a taken address answers exactly like a new one.
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPasswordOnce, verify: verifyPassword },
      async sendResetPassword({ user, url }) {
        const body = renderMail({
          productName,
          paragraphs: [
            `Someone asked to reset the password of your ${productName} account (${user.email}).`,
            'If it was you, choose a new password with the link below. If not, ignore this e-mail.',
          ],
          action: { label: 'Choose a new password', url },
        });
        // Through the outbox: a mail server that is down delays the e-mail, never loses it.
        await enqueueMail(db, [
          { kind: 'password-reset', to: user.email, subject: `Reset your ${productName} password`, link: url, ...body },
        ]);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TOKEN_TTL_SECONDS,
      // better-auth's own link (a GET that verifies) is replaced by our page's link.
      async sendVerificationEmail({ user }) {
        await enqueueMail(db, [await verificationMail(config, user.email, user.name)]);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in (password or OIDC) creates a session: a suspended account gets none.
          async before(session) {
            if (isSuspended && (await isSuspended(session.userId))) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_SUSPENDED,
                message: messages.auth.accountSuspended,
              });
            }
          },
        },
      },
      user: {
        create: {
          async before(user) {
            assertCollegeEmail(config, user.email);
            const email = user.email.trim().toLowerCase();
            // Sign-up refused a bad name already (email-verification.ts); a provider's claim
            // is cleaned instead (one that poses as the college or the product is replaced),
            // so the OpenID sign-in still works.
            return { data: { ...user, email, name: cleanAccountName(user.name, email, posingRules) } };
          },
        },
        update: {
          async before(data) {
            if (typeof data.name !== 'string') return;
            // /update-user refused a bad name with a message before reaching here; any other
            // source (a provider's profile) is cleaned, or leaves the name as it was.
            const sanitized = sanitizeAccountName(data.name);
            const cleaned = posesAsOfficial(sanitized, posingRules) ? '' : sanitized;
            if (cleaned === data.name) return;
            const { name: _refused, ...rest } = data;
            return { data: cleaned ? { ...rest, name: cleaned } : rest };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
        [CONFIRM_EMAIL_PATH]: { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: config.nodeEnv === 'production' && config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
      // Rate limits and session records use the address Fastify computed from TRUST_PROXY,
      // never a client's own X-Forwarded-For (src/server/http/client-address.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // better-auth skips its Origin and callbackURL checks when NODE_ENV is test; the tests
      // must see what production does.
      disableOriginCheck: false,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
