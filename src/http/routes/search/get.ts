import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SearchQuery, SearchResponse, errorResponses } from '../../../contract/index.ts';
import { toApiError } from '../../error-handler.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { openEventStream, wantsEventStream } from './event-stream.ts';

export const register: RouteRegistrar = (app, { search }) => {
  typed(app).get('/v2/search', {
    schema: {
      tags: ['search'],
      summary: 'Search a company in a register',
      description:
        'By name or identifier; never billed. With `stream=true` and `Accept: text/event-stream` the answer is ' +
        'Server-Sent Events, its headers sent at once: `progress` as results arrive (`{source, results}`), then ' +
        '`complete` (`{results}`) or `error` (the error body), with a `: keep-alive` comment every 15 s meanwhile. ' +
        'An invalid query and the register’s own errors come as the `error` event; a missing or unknown API key (401) ' +
        'and the rate limit (429) answer before the stream starts, as plain JSON.',
      querystring: SearchQuery,
      response: { 200: SearchResponse, ...errorResponses(400, 401, 404, 406, 422, 429, 503) },
    },
    // An invalid query of a stream request is the stream's `error` event; other errors go to the app's handler.
    errorHandler: (err, req, reply) => {
      if (!hasZodFastifySchemaValidationErrors(err) || !wantsEventStream(req)) throw err;
      const stream = openEventStream(reply, search.heartbeatMs);
      stream.event('error', toApiError(err).toBody());
      stream.close();
    },
    handler: async (req, reply) => {
      const { country, query, stream, transliterate } = req.query;
      const wantsStream = stream === true || (stream === undefined && req.headers.accept === 'text/event-stream');
      if (!wantsStream) return search.search(country, query, undefined, { transliterate });

      const events = openEventStream(reply, search.heartbeatMs);
      try {
        for await (const e of search.stream(country, query, events.signal, { transliterate })) {
          if (e.type === 'progress') events.event('progress', { source: e.source, results: e.results });
          else events.event('complete', { results: e.results });
        }
      } catch (err) {
        if (!events.signal.aborted) events.event('error', toApiError(err as Error).toBody());
      } finally {
        events.close();
      }
    },
  });
};
