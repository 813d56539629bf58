/**
 * Sign-up that cannot be pre-claimed (issue 22, decision 0020). Nobody holds a password on an
 * address they have not proven: a password given at sign-up opens nothing until the address is
 * verified (requireEmailVerification), and verifying happens on our page, by a POST that carries
 * the mailed token and the password the owner chooses there. Every earlier password and session
 * of the account goes at that moment. A GET of the mailed link only shows the page.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { signJWT, verifyJWT } from 'better-auth/crypto';
import { z } from 'zod';
import { namePosingMessage, type PosingRules, posesAsOfficial, posingRulesOf } from '../../shared/account-names';
import { messages } from '../../shared/messages';
import { accountNameField, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/schemas/auth';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { renderMail } from '../mail/mailer';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { assertCollegeEmail } from './domain-policy';
import { claimPendingAccount, findAccountByEmail } from './pending-queries';

/** The page the mailed link opens; its form posts to CONFIRM_EMAIL_PATH. */
export const VERIFY_EMAIL_PAGE = '/verify-email';
/** Under /api/auth. */
export const CONFIRM_EMAIL_PATH = '/verify-email/confirm';
/** Marks our tokens apart from any other JWT signed with the same secret. */
const TOKEN_PURPOSE = 'confirm-email';
/** As long as an unverified account waits before it is removed (UNVERIFIED_ACCOUNT_TTL_MS). */
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const INVALID_VERIFICATION_LINK = 'INVALID_VERIFICATION_LINK';
const NAME_INVALID = 'NAME_INVALID';
const NAME_POSING = 'NAME_POSING';

/** The mailed link: our page with a signed token naming the address (and the sign-up's name, to prefill). */
export async function verificationLink(config: AppConfig, email: string, name: string): Promise<string> {
  const token = await signJWT(
    { purpose: TOKEN_PURPOSE, email: email.toLowerCase(), name },
    config.authSecret,
    VERIFICATION_TOKEN_TTL_SECONDS,
  );
  return `${config.publicUrl}${VERIFY_EMAIL_PAGE}?token=${token}`;
}

export async function verificationMail(config: AppConfig, email: string, name: string): Promise<OutgoingMail> {
  const productName = config.college.productName;
  const url = await verificationLink(config, email, name);
  const body = renderMail({
    productName,
    paragraphs: [
      `Welcome to ${productName}! Confirm that ${email} is your address, and choose your password, to finish signing up.`,
      'If you did not sign up, ignore this e-mail: the account is removed within a day.',
    ],
    action: { label: 'Verify my e-mail', url },
  });
  return { kind: 'verify-email', to: email, subject: `Verify your ${productName} e-mail`, link: url, ...body };
}

/** A refused name in better-auth's error shape, with the schema's clear message. */
function checkedName(raw: unknown, rules: PosingRules): string {
  const parsed = accountNameField.safeParse(raw);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      code: NAME_INVALID,
      message: parsed.error.issues[0]?.message ?? messages.auth.nameRequired,
    });
  }
  if (posesAsOfficial(parsed.data, rules)) {
    throw new APIError('BAD_REQUEST', {
      code: NAME_POSING,
      message: namePosingMessage(rules.productName, rules.collegeName),
    });
  }
  return parsed.data;
}

function checkedPassword(password: string): string {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_SHORT',
      message: messages.auth.passwordTooShort(PASSWORD_MIN_LENGTH),
    });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_LONG',
      message: messages.auth.passwordTooLong(PASSWORD_MAX_LENGTH),
    });
  }
  return password;
}

const invalidLink = () =>
  new APIError('BAD_REQUEST', { code: INVALID_VERIFICATION_LINK, message: messages.auth.verifyLinkInvalid });

const bodyRecord = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};

export function emailVerification({ config, db }: { config: AppConfig; db: Database }): BetterAuthPlugin {
  const rules = posingRulesOf(config.college);
  return {
    id: 'quadmates-email-verification',
    endpoints: {
      confirmEmail: createAuthEndpoint(
        CONFIRM_EMAIL_PATH,
        {
          method: 'POST',
          body: z.object({ token: z.string().max(8192), name: z.unknown(), password: z.string() }),
        },
        async (ctx) => {
          const payload = await verifyJWT(ctx.body.token, ctx.context.secret);
          if (!payload || payload.purpose !== TOKEN_PURPOSE || typeof payload.email !== 'string') throw invalidLink();
          const name = checkedName(ctx.body.name, rules);
          const password = checkedPassword(ctx.body.password);
          const pending = await findAccountByEmail(db, payload.email);
          // A verified account's link was used already: it is not a second way to set a password.
          if (!pending || pending.emailVerified) throw invalidLink();
          const passwordHash = await ctx.context.password.hash(password);
          const claimed = await db.transaction((tx) =>
            claimPendingAccount(tx, { userId: pending.id, name, passwordHash, verify: true, now: new Date() }),
          );
          if (!claimed) throw invalidLink();
          // The confirming POST (never the link's GET) is what signs this browser in.
          const session = await ctx.context.internalAdapter.createSession(pending.id);
          const user = await ctx.context.internalAdapter.findUserById(pending.id);
          if (!session || !user) throw invalidLink();
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const body = bodyRecord(ctx.body);
            const name = checkedName(body.name, rules);
            // Another domain is refused before better-auth hashes the password (about 100 ms of
            // a core each): the domain is public, so refusing it sooner reveals nothing.
            if (typeof body.email === 'string' && z.email().safeParse(body.email).success) {
              assertCollegeEmail(config, body.email);
            }
            return { context: { body: { ...body, name } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/update-user',
          handler: createAuthMiddleware(async (ctx) => {
            const body = bodyRecord(ctx.body);
            if (!('name' in body)) return;
            // Who is asking comes first: without a session better-auth answers 401 as usual.
            if (!(await getSessionFromCtx(ctx))) return;
            return { context: { body: { ...body, name: checkedName(body.name, rules) } } };
          }),
        },
      ],
      after: [
        {
          // After better-auth accepted the whole sign-up (a refused one changes nothing here).
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
            if (!returned || returned instanceof Error || typeof returned.user?.id !== 'string') return;
            const { email, name, password } = bodyRecord(ctx.body);
            if (typeof email !== 'string' || typeof name !== 'string' || typeof password !== 'string') return;
            // A taken address answers with a made-up user: another id than the stored one.
            await replacePendingSignUp(
              (plain) => ctx.context.password.hash(plain),
              { email, name, password },
              returned.user.id,
            );
          }),
        },
      ],
    },
  };

  /**
   * A sign-up on an address that is waiting for verification: the newest sign-up holds it. Its
   * password and name replace the old ones, every session goes, and a fresh link is mailed, in
   * one transaction. A verified address is left to better-auth (which answers like a new one).
   */
  async function replacePendingSignUp(
    hash: (password: string) => Promise<string>,
    { email, name, password }: { email: string; name: string; password: string },
    answeredUserId: string,
  ): Promise<void> {
    const pending = await findAccountByEmail(db, email);
    if (!pending || pending.emailVerified || pending.id === answeredUserId) return;
    const passwordHash = await hash(password);
    const mail = await verificationMail(config, email.trim().toLowerCase(), name);
    await db.transaction(async (tx) => {
      const claimed = await claimPendingAccount(tx, {
        userId: pending.id,
        name,
        passwordHash,
        verify: false,
        now: new Date(),
      });
      if (claimed) await enqueueMail(tx, [mail]);
    });
  }
}
