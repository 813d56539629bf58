import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/**
 * Security headers: a strict CSP (no inline or foreign scripts), no framing, no MIME sniffing.
 * helmet is built once and applied to every response (the Fastify wrapper rebuilt it, and
 * re-parsed the CSP, on every request).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const imageOrigins = config.s3?.endpoint ? [new URL(config.s3.endpoint).origin] : [];
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Dialog primitives insert small <style> elements for scroll locking.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.nodeEnv === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // No window this site opens keeps a handle on it, nor it on them (there is no sign-in popup).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    hsts: config.nodeEnv === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
