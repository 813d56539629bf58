import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { answerWarning, expectAccessible, launchBrowser, openPage } from '../support/browser';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { type RunningServer, startServer } from '../support/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp';

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
let oidc: TestOidcProvider;

beforeAll(async () => {
  // The app's port is not fixed here: when another test takes it first, the harness starts the
  // app on another one, and the provider accepts its callback on any loopback port.
  [smtp, oidc] = await Promise.all([
    startSmtpServer(),
    startOidcProvider({ redirectUris: ['http://127.0.0.1/api/auth/callback/oidc'], anyLoopbackPort: true }),
  ]);
  oidc.addAccount('eagle', { email: 'eagle.e2e@bc.edu', name: 'Eagle E2E', emailVerified: true });
  oidc.addAccount('outsider', { email: 'outsider@gmail.com', name: 'Outsider', emailVerified: true });
  [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url, ...oidc.env } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  await oidc?.stop();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function acceptTerms(page: Page) {
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await terms.waitFor();
  await expect.poll(() => terms.textContent()).toMatch(/background checks/);
  await expectAccessible(page);
  // Not dismissible: Escape leaves it open.
  await page.keyboard.press('Escape');
  expect(await terms.isVisible()).toBe(true);
  await terms.getByRole('button', { name: 'I Agree' }).click();
  await terms.waitFor({ state: 'detached' });
}

/**
 * Signs in with the local provider as `login`: the sign-in page's link opens the provider's pages
 * in this window (issue 31: no popup), which then bring the browser back to the app.
 */
async function signInWithProvider(page: Page, login: string) {
  const app = new URL(server.url).origin;
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.waitForURL((address) => address.origin !== app);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((address) => address.origin === app);
}

describe('sign-in journeys', () => {
  it('signs up with a college address, verifies by e-mail, accepts the terms and reaches the landing page', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/signin-wall`);
    await expect.poll(() => heading(page).textContent()).toBe('Sign in with your Boston College email to continue');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.getByLabel('Name').fill('Baldwin Eagle');
    await page.getByLabel('College email').fill('baldwin.e2e@bc.edu');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 10 characters long.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByLabel('Repeat password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Not signed in until the address is proven (decision 0020): the page says where the link went.
    await page.getByText(messages.auth.signUpSent('baldwin.e2e@bc.edu')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin-wall');
    await expectAccessible(page);
    // Signing in with the sign-up password is refused, with a way to send the link again.
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    // A link now (issue 31): the sign-in form replaces the sign-up form once the address has changed.
    await page.waitForURL((address) => !address.search.includes('mode=signUp'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.getByLabel('Email').fill('baldwin.e2e@bc.edu');
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: messages.auth.notVerifiedSignIn }).waitFor();
    await page.getByRole('button', { name: 'Send Verification Email' }).click();
    await page.getByRole('status').filter({ hasText: 'Verification email sent.' }).waitFor();
    await expectAccessible(page);

    // The mailed link opens a page; only its form verifies, choosing the password there.
    const mail = await smtp.waitForMail('baldwin.e2e@bc.edu', /Verify/);
    await page.goto(linkIn(mail, '/verify-email?token='));
    await expect.poll(() => heading(page).textContent()).toBe('Confirm Your E-mail');
    await page.getByText(messages.auth.verifyIntro('baldwin.e2e@bc.edu')).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Baldwin Eagle');
    expect(await page.evaluate(() => fetch('/api/me').then((r) => r.json()))).toEqual({ user: null });
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill('baldwins-own-password');
    await page.getByLabel('Repeat password').fill('baldwins-own-password');
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await acceptTerms(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).waitFor();
    await expectAccessible(page);

    // Sign out from the profile.
    await page.goto(`${server.url}/myProfile`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.url}/signin-wall`);
    await context.close();
  });

  it('signs a college account in with the OpenID provider, in this window', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/signin-wall`);
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    await expectAccessible(page);
    await signInWithProvider(page, 'eagle');
    await acceptTerms(page);
    await page.waitForURL(`${server.url}/`);
    await expectAccessible(page);
    await context.close();
  });

  it('refuses a non-college account from the provider with the message', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/signin-wall`);
    await signInWithProvider(page, 'outsider');
    await page.getByText('Access restricted. Only @bc.edu emails are allowed.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin-wall');
    await expectAccessible(page);
    await context.close();
  });
});

describe('guards', () => {
  it('sends signed-out visitors to the sign-in page but leaves the public pages open', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/postings`);
    await page.waitForURL(`${server.url}/signin-wall`);
    await page.goto(`${server.url}/myProfile`);
    await page.waitForURL(`${server.url}/signin-wall`);

    await page.goto(`${server.url}/forgot-password`);
    await expect.poll(() => heading(page).textContent()).toBe('Reset Password');
    await page.getByLabel('Email').fill('nobody.e2e@bc.edu');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByText('Password reset email sent. Please check your inbox.').waitFor();
    await expectAccessible(page);

    await page.goto(`${server.url}/about`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/about');
    await expectAccessible(page);
    await context.close();
  });

  it('sends a signed-in user away from the sign-in pages', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/signin-wall`);
    await signInWithProvider(page, 'eagle');
    await page.waitForURL(`${server.url}/`);
    for (const path of ['/signin-wall', '/signIn']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/`);
    }
    await expectAccessible(page);
    await context.close();
  });
});

describe('warnings', () => {
  it('warns once per visit on a narrow screen', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 400, height: 800 } });
    await page.goto(`${server.url}/signin-wall`);
    const warning = page.getByRole('dialog', { name: 'Mobile Warning' });
    await warning.waitFor();
    await expectAccessible(page);
    await answerWarning(page, warning, 'I wish to continue anyway', 'mobile');
    await page.reload();
    await heading(page).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('warns inside the Instagram in-app browser', async () => {
    const { context, page } = await openPage(browser, {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0',
    });
    await page.goto(`${server.url}/signin-wall`);
    const warning = page.getByRole('dialog', { name: 'Instagram In-App Browser Warning' });
    await warning.waitFor();
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'I understand' }).click();
    await warning.waitFor({ state: 'detached' });
    await context.close();
  });
});
