import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TransitionError } from '../../domain/status-machine';

/** Expected failures, by meaning; one table turns them into HTTP statuses. */
const statusByCode = {
  bad_request: 400,
  unauthenticated: 401,
  /** The password was right; a second factor is owed (docs/security.md, MFA). */
  mfa_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_transition: 409,
  /** An upload above its limit (an inventory feed above FEED_MAX_BYTES). */
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  /** A provider we call (the card processor) failed or did not answer in time; a retry may work. */
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export interface FieldError {
  pointer: string;
  detail: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (detail = 'You are not allowed to do this') => new AppError('forbidden', detail);
export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError('bad_request', detail, { errors });
export const conflict = (detail: string, extra: Record<string, unknown> = {}) =>
  new AppError('conflict', detail, extra);

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
  [key: string]: unknown;
}

export function problem(
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): Problem {
  return { type: 'about:blank', title: titles[status] ?? 'Error', status, detail, code, ...extra };
}

/**
 * Errors Fastify's router answers before any route runs (a path parameter over the length limit,
 * a malformed URL component): problem+json like every other 4xx, not Fastify's own JSON.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .status(status)
    .type('application/problem+json')
    .send(problem(status, (error.code ?? 'bad_request').toLowerCase(), error.message));
}

/**
 * A database refusal that only bad input or a concurrent change can cause: an id that names no row (foreign key), a
 * number or date out of the column's range, a NUL character in text, a duplicate. The contracts check shapes; these are
 * what the database alone knows, so they are the caller's 4xx, not a 5xx (found by the fuzz
 * suite, docs/security.md).
 */
function databaseInputError(error: unknown): Problem | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, detail } = (cause ?? {}) as { code?: unknown; detail?: unknown };
  const column = typeof detail === 'string' ? /^Key \(([a-z_]+)\)/.exec(detail)?.[1] : undefined;
  switch (code) {
    case '23503':
      return problem(400, 'unknown_reference', `Unknown reference${column ? `: ${column}` : ''}`);
    case '23505':
      return problem(409, 'conflict', `Already exists${column ? `: ${column}` : ''}`);
    case '22003':
    case '22008':
      return problem(400, 'out_of_range', 'A number or date is out of range');
    case '22021':
    case '22P05':
      return problem(400, 'bad_text', 'Text contains a character that cannot be stored (such as NUL)');
    // Two transactions waited on each other's locks (or could not be serialized): PostgreSQL
    // rolled this one back whole, so nothing changed and the same call may simply be sent again.
    case '40P01':
    case '40001':
      return problem(
        409,
        'concurrent_update',
        'Another change to the same records ran at the same time; nothing was changed, try again',
      );
    default:
      return null;
  }
}

/** Every error leaves as RFC 9457 problem+json; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: Problem;
    if (error instanceof TransitionError) {
      const { entity, current, wanted, allowed } = error;
      body = problem(409, 'invalid_transition', error.message, { entity, current, wanted, allowed });
    } else if (error instanceof AppError) {
      const { headers, ...extra } = error.extra;
      if (headers) reply.headers(headers);
      body = problem(error.status, error.code, error.message, extra);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((v) => ({
        pointer: `/${where}${v.instancePath === '/' ? '' : v.instancePath}`,
        detail: v.message ?? 'is invalid',
      }));
      body = problem(
        400,
        'validation_failed',
        `Invalid ${where}: ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`,
        {
          errors,
        },
      );
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      body = problem(error.statusCode, (error.code ?? 'bad_request').toLowerCase(), error.message);
    } else {
      const refused = databaseInputError(error);
      if (!refused) request.log.error({ err: error }, 'request failed');
      else if (refused.status === 409) request.log.warn({ err: error }, 'request refused by the database');
      body = refused ?? problem(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    reply.status(body.status).type('application/problem+json').send(body);
  });
}
