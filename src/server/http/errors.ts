import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error';
import { messages } from '../../shared/messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How this route refuses a body that fails its schema (the words of docs/product-spec.md for the form): the
     * form's title, and either one fixed message or, when none is given, each distinct problem's
     * own message (joined, and one detail each). Without it, or when the params or the query
     * string fail, the refusal is the generic 'Bad Request' with one 'field: problem' detail each.
     */
    invalidBody?: { title: string; message?: string };
  }
}

/** An error a service raises on purpose: it becomes the API's one error shape with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly details?: string[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        title: this.title,
        message: this.message,
        ...(this.details && this.details.length > 0 ? { details: this.details } : {}),
      },
    };
  }
}

export const errors = {
  notFound: (message: string = messages.api.notFound.message, title: string = messages.api.notFound.title) =>
    new AppError(404, 'NOT_FOUND', title, message),
  unauthorized: (
    message: string = messages.api.unauthorized.message,
    title: string = messages.api.unauthorized.title,
  ) => new AppError(401, 'UNAUTHORIZED', title, message),
  forbidden: (
    message: string = messages.api.forbidden.message,
    title: string = messages.api.forbidden.title,
    code = 'FORBIDDEN',
  ) => new AppError(403, code, title, message),
  badRequest: (message: string, details?: string[], title: string = messages.api.badRequest.title) =>
    new AppError(400, 'BAD_REQUEST', title, message, details),
};

function fromStatus(statusCode: number, code: string): AppError {
  const catalogue =
    statusCode === 404
      ? messages.api.notFound
      : statusCode === 401
        ? messages.api.unauthorized
        : statusCode === 403
          ? messages.api.forbidden
          : statusCode === 413
            ? messages.api.tooLarge
            : statusCode === 429
              ? messages.api.rateLimited
              : statusCode === 503
                ? messages.api.unavailable
                : statusCode >= 500
                  ? messages.api.internal
                  : messages.api.badRequest;
  return new AppError(statusCode, code, catalogue.title, catalogue.message);
}

/**
 * The one mapping from a schema's refusal (params, query string or body, checked by the zod type
 * provider before the handler runs) to the product's problem answer.
 */
function validationRefusal(error: FastifyError, request: FastifyRequest): AppError {
  const issues = error.validation ?? [];
  const form = request.routeOptions.config.invalidBody;
  if (form && error.validationContext === 'body') {
    if (form.message !== undefined) return new AppError(400, 'VALIDATION_FAILED', form.title, form.message);
    const details = [...new Set(issues.map((issue) => issue.message ?? messages.api.badRequest.message))];
    return new AppError(400, 'VALIDATION_FAILED', form.title, details.join('\n'), details);
  }
  const details = issues.map((issue) => {
    const where = issue.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
    return where ? `${where}: ${issue.message ?? 'is invalid'}` : (issue.message ?? 'is invalid');
  });
  return new AppError(
    400,
    'VALIDATION_FAILED',
    messages.api.badRequest.title,
    messages.api.badRequest.message,
    details,
  );
}

/** Every error leaves the server in the one shape; 5xx never carry internals to the client. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(error.toBody());
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send(validationRefusal(fastifyError, request).toBody());
    }
    const status = fastifyError.statusCode && fastifyError.statusCode >= 400 ? fastifyError.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: fastifyError.code, status }, fastifyError.message);
    return reply
      .status(status)
      .send(fromStatus(status, fastifyError.code ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST')).toBody());
  });
}

/**
 * Errors Fastify's router answers before any route runs (a malformed URL, a path parameter over
 * the length limit): the same one shape, with the catalogue's words.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(fromStatus(status, error.code ?? 'BAD_REQUEST').toBody());
}

export function notFoundBody(): ApiErrorBody {
  return errors.notFound().toBody();
}
