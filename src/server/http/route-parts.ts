import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../auth/session';
import { errors } from './errors';

/** The signed-in viewer, whom the route's preValidation hook (requireMember, requireSignedIn) has already required. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthorized();
  return request.viewer;
}
