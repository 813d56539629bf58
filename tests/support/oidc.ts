import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './server';

export interface OidcTestAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The OIDC_* variables that point the app at this provider. */
  env: Record<string, string>;
  /** Adds an account; sign in with its id as the login name (any password). */
  addAccount(id: string, account: OidcTestAccount): void;
  /** Stops listening (to simulate an outage); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A local OpenID provider (`oidc-provider` with its development login and consent pages), so
 * sign-in tests never reach the internet. `redirectUris` must list the app's callback. With
 * `anyLoopbackPort`, a loopback callback matches on any port (RFC 8252's rule for native apps,
 * which oidc-provider applies to native clients): the app's port need not be known in advance.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  anyLoopbackPort?: boolean;
  port?: number;
  label?: string;
  listen?: boolean;
}): Promise<TestOidcProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'quadmates-test';
  const clientSecret = 'quadmates-test-secret-0123456789';
  const accounts = new Map<string, OidcTestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        ...(options.anyLoopbackPort ? { application_type: 'native' } : {}),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: account.emailVerified, name: account.name };
        },
      };
    },
  });
  const callback = provider.callback();
  let server: Server | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(callback);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const current = server;
      server = null;
      current.closeAllConnections();
      current.close(() => resolve());
    });
  if (options.listen !== false) await start();
  return {
    issuer,
    port,
    clientId,
    clientSecret,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_LABEL: options.label ?? 'Google',
    },
    addAccount: (id, account) => accounts.set(id, account),
    stop,
    start,
  };
}

/** A minimal cookie jar for driving the provider's pages with fetch. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the provider's development login and consent pages as `login` and returns the URL the
 * provider finally redirects to (the app's callback with `code` and `state`).
 */
export async function completeProviderLogin(authorizationUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let submitted = new Set<string>();
  for (let step = 0; step < 20; step += 1) {
    const target = new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', url).toString();
      if (new URL(location).origin !== target.origin) return location;
      url = location;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!action || !prompt || submitted.has(`${prompt}:${url}`)) {
      throw new Error(`unexpected provider page (${response.status}) at ${url}:\n${html.slice(0, 500)}`);
    }
    submitted = new Set([...submitted, `${prompt}:${url}`]);
    const body = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const post = await fetch(new URL(action.replaceAll('&amp;', '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    jar.store(post);
    url = new URL(post.headers.get('location') ?? '', url).toString();
  }
  throw new Error('the provider login did not finish');
}
