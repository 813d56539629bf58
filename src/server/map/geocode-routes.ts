import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import { geocodeAnswerSchema, geocodeQuerySchema } from '../../shared/schemas/geocode';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import type { GeocodeService } from './geocode-service';

/**
 * GET /api/map/geocode?q=: the places the college's own geocoder finds for a typed address, inside
 * the map's bounds (issue 33). Signed-in students only; 404 where no geocoder is configured.
 */
export const geocodeRoutes: FastifyPluginAsyncZod<{ service: GeocodeService }> = async (app, { service }) => {
  app.get(
    '/api/map/geocode',
    {
      preValidation: guard('product.use'),
      schema: {
        tags: ['map'],
        summary: "Find a typed address with the college's own geocoder, inside the map's bounds",
        description:
          'At most 5 places, each label at most 200 characters; 30 searches per student in ten minutes (429 after); ' +
          '504 when the geocoder takes over 5 seconds, 502 when it fails; 404 when no geocoder is configured.',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeAnswerSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      // An address a student typed: kept out of every shared cache.
      reply.header('cache-control', 'private, no-store');
      return { results: await service.find(viewerOf(request).id, request.query.q) };
    },
  );
};
