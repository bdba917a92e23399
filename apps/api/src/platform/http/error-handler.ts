import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Place } from '@tendly/domain/api/places';
import { DATE_OUT_OF_RANGE_MESSAGE } from '@tendly/domain/errors';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { AppError } from '../errors';
import { isDateOutOfRangeError } from './date-out-of-range';
import { isUnstorableTextError } from './unstorable-text';

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string>;
  places?: Place[];
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
const VALIDATION_MESSAGE = 'Some of the details are not valid. Please check them and try again.';

/** `/email` → `email`, `/items/0/carerId` → `items.0.carerId`; the body root → `body`. */
function fieldName(instancePath: string, part: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? (part ?? 'body') : path;
}

function validationBody(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): ErrorBody {
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const name = fieldName(issue.instancePath, error.validationContext);
    errors[name] ??= issue.message ?? 'This value is not valid';
  }
  const messages = Object.values(errors);
  return {
    message: messages.length === 1 ? (messages[0] ?? VALIDATION_MESSAGE) : VALIDATION_MESSAGE,
    code: 'VALIDATION',
    errors,
  };
}

/**
 * One error handler for every route (STYLE.md rule 7): bad input is a 400 with field messages,
 * expected failures keep their status and message, and nothing else leaks: a 500 says only that
 * something went wrong, and the details go to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message };
      if (error.code) body.code = error.code;
      if (error.fieldErrors) body.errors = error.fieldErrors;
      if (error.places) body.places = [...error.places];
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const body: ErrorBody = { message: clientErrorMessage(error, status), code: error.code ?? 'BAD_REQUEST' };
      return reply.status(status).send(body);
    }
    if (isUnstorableTextError(error)) {
      // Bad input, not our failure; but a request schema let it through, which is worth a warning.
      request.log.warn('a text the database cannot store reached it: a request schema lacks safeText');
      return reply.status(400).send({ message: UNSAFE_TEXT_MESSAGE, code: 'VALIDATION' } satisfies ErrorBody);
    }
    if (isDateOutOfRangeError(error)) {
      // Bad input again, but a feature let a date through that its rules should have refused.
      request.log.warn({ err: error }, 'a date out of range reached the date maths: a feature lacks a limit');
      return reply.status(400).send({ message: DATE_OUT_OF_RANGE_MESSAGE, code: 'VALIDATION' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: INTERNAL_MESSAGE, code: 'INTERNAL' } satisfies ErrorBody);
  });
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported. Send JSON.';
    default:
      return status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
  }
}

/** An unknown /api path is a JSON 404, never the web app. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({
    message: `There is no ${request.method} ${request.url.split('?')[0]} in the API.`,
    code: 'NOT_FOUND',
  } satisfies ErrorBody);
}
