import { SearchQuery, SearchResponse, errorResponses } from '../../../contract/index.ts';
import { toApiError } from '../../error-handler.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { search }) => {
  typed(app).get('/v2/search', {
    schema: {
      tags: ['search'],
      summary: 'Search a company in a register',
      description:
        'By name or identifier; never billed. With `stream=true` and `Accept: text/event-stream` the answer is ' +
        'Server-Sent Events: `progress` once per source (`{source, results}`), then `complete` (`{results}`) or `error` (the error body).',
      querystring: SearchQuery,
      response: { 200: SearchResponse, ...errorResponses(400, 401, 404, 406, 422, 429, 503) },
    },
    handler: async (req, reply) => {
      const { country, query, stream, transliterate } = req.query;
      const wantsStream = stream === true || (stream === undefined && req.headers.accept === 'text/event-stream');
      if (!wantsStream) return search.search(country, query, undefined, { transliterate });

      // Server-Sent Events: headers now (with the rate-limit headers already set), then one event per source.
      const events = search.stream(country, query, undefined, { transliterate });
      const first = await events.next(); // errors before any output still get a normal error response
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const write = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      try {
        for (let next = first; !next.done; next = await events.next()) {
          const e = next.value;
          if (e.type === 'progress') write('progress', { source: e.source, results: e.results });
          else write('complete', { results: e.results });
        }
      } catch (err) {
        write('error', toApiError(err as Error).toBody());
      }
      raw.end();
    },
  });
};
