import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors';

/** The signed-in person making a request, as the product's rules need them. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  termsAcceptedAt: Date | null;
  termsVersion: string | null;
}

/** The signed-in viewer, whom the route's preValidation hook (requireMember, requireSignedIn) has already required. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthorized();
  return request.viewer;
}
