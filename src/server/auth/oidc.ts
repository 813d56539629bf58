import type { BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { OIDC_PROVIDER_ID } from '../../shared/schemas/auth';
import type { OidcConfig } from '../config';

export { OIDC_PROVIDER_ID };

const OIDC_UNAVAILABLE = 'OIDC_UNAVAILABLE';
const DISCOVERY_TIMEOUT_MS = 5_000;

type AuthContext = Parameters<NonNullable<BetterAuthPlugin['init']>>[0];
type SocialProvider = AuthContext['socialProviders'][number];

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * OpenID Connect sign-in through better-auth's generic OAuth provider, with discovery that
 * recovers. better-auth's own plugin fetches the discovery document once at start-up and
 * silently drops the provider if it is unreachable then, leaving sign-in broken until a
 * restart. Here the provider is registered as a lazy entry: discovery is tried at start-up
 * and again on each sign-in until it succeeds, and while the provider is down its sign-in
 * answers "unavailable" instead of "unknown provider".
 */
export function resilientOidc(oidc: OidcConfig, emailDomain: string): BetterAuthPlugin {
  const generic = genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        name: oidc.label,
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // Only signatures checked against the provider's published keys are trusted.
        requireIdTokenVerification: true,
        // Google shows only accounts of this domain; other providers ignore the hint.
        authorizationUrlParams: { hd: emailDomain },
      },
    ],
  });

  return {
    id: 'resilient-oidc',
    init(context) {
      let provider: SocialProvider | null = null;
      let discovering: Promise<void> | null = null;

      const discover = (): Promise<void> => {
        discovering ??= (async () => {
          try {
            const result = await withTimeout(Promise.resolve(generic.init?.(context)), DISCOVERY_TIMEOUT_MS);
            const found = (result as { context?: { socialProviders?: SocialProvider[] } } | undefined)?.context
              ?.socialProviders?.[0];
            if (found && found.id === OIDC_PROVIDER_ID) {
              provider = found;
              context.logger.info(`OpenID Connect provider ${oidc.issuer} is ready.`);
            }
          } catch (error) {
            context.logger.error(`OpenID Connect discovery at ${oidc.issuer} failed: ${String(error)}`);
          } finally {
            discovering = null;
          }
        })();
        return discovering;
      };

      const unavailable = (): never => {
        throw new APIError('SERVICE_UNAVAILABLE', {
          code: OIDC_UNAVAILABLE,
          message: `Sign-in with ${oidc.label} is not available right now. Please try again in a moment.`,
        });
      };
      // Stands in while the provider cannot be reached; every use of it fails clearly.
      const placeholder = {
        id: OIDC_PROVIDER_ID,
        name: oidc.label,
        createAuthorizationURL: unavailable,
        validateAuthorizationCode: unavailable,
        getUserInfo: async () => null,
      } as unknown as SocialProvider;

      const lazyEntry = async (): Promise<SocialProvider> => {
        if (!provider) await discover();
        return provider ?? placeholder;
      };
      // Start discovery now without holding up start-up.
      void discover();
      return {
        context: {
          socialProviders: [lazyEntry as unknown as SocialProvider, ...context.socialProviders],
        },
      };
    },
  };
}
