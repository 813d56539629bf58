import type { FastifyRequest } from 'fastify';
import type { Viewer as AuthorizationViewer } from '../../shared/authorization';
import { errors } from '../http/errors';

/**
 * The signed-in person making a request: what the shared rules ask of them (id, verified, terms in
 * force accepted, moderator), as the session hook found it, and their account's details.
 */
export interface Viewer extends AuthorizationViewer {
  name: string;
  email: string;
  termsAcceptedAt: Date | null;
  termsVersion: string | null;
}

/** The signed-in viewer, whom the route's guard (auth/guard.ts) has already required. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthorized();
  return request.viewer;
}
