import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError } from '../shared/errors.ts';
import { RegisterError } from '../registers/errors.ts';
import { isStoreConnectionFailure } from '../store/errors.ts';
import { ignoredFieldsOf } from './unknown-fields.ts';

/** RegisterError codes as API errors: the register said so, the request ends with the same meaning. */
export function apiErrorFromRegister(err: RegisterError): ApiError {
  return new ApiError(err.code, err.message);
}

/**
 * Renders every failure as the envelope of CONTRACT §3. Client mistakes (validation, body size, bad JSON)
 * are 4xx with details; anything unexpected is logged and becomes a 500 without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const apiError = toApiError(err, ignoredFieldsOf(req));
    // A register that is down (an outage, possibly one the operator asked for) is expected: a warning without stack.
    if (apiError.code === 'service_unavailable') req.log.warn({ code: apiError.code, reason: apiError.message }, 'request failed');
    else if (apiError.statusCode >= 500) req.log.error({ err }, 'request failed');
    if (apiError.headers) reply.headers(apiError.headers);
    return reply.status(apiError.statusCode).send(apiError.toBody());
  });
}

/** `ignored`: the request's fields that were ignored (`body.companyId`), named beside a validation failure's details. */
export function toApiError(err: FastifyError | Error, ignored: readonly string[] = []): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof RegisterError) return apiErrorFromRegister(err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = (err as FastifyError).validationContext ?? 'request';
    const details = err.validation.map((v) => {
      const path = v.instancePath ? v.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      return `${where}${path ? `.${path}` : ''}: ${v.message}`;
    });
    for (const field of ignored) details.push(`${field}: not a field of this request, ignored`);
    return new ApiError('invalid_request', `invalid ${where}`, details);
  }
  if (isResponseSerializationError(err)) {
    return new ApiError('internal_error', 'the response could not be produced');
  }
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('invalid_request', 'the request body is too large', [fe.message], undefined, 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        'invalid_request',
        'the request body must be JSON (Content-Type: application/json)',
        [fe.message],
        undefined,
        415,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_request', 'the request body is not valid JSON', [fe.message]);
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 429) return new ApiError('rate_limited', fe.message);
    return new ApiError('invalid_request', fe.message, undefined, undefined, fe.statusCode === 404 ? 400 : fe.statusCode);
  }
  // The store's connection broke under the request: nothing is wrong with it, and a retry may well succeed.
  if (isStoreConnectionFailure(err)) return new ApiError('service_unavailable', 'the store did not answer: retry the request');
  return new ApiError('internal_error', 'an unexpected error occurred');
}
