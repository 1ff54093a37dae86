import { z } from 'zod';
import { errorResponses } from '../../../contract/index.ts';
import { ApiError } from '../../../shared/errors.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { files, signer, clock }) => {
  typed(app).get('/v2/files/:fileId', {
    schema: {
      tags: ['companies'],
      summary: 'Download a retrieved document',
      description: 'The signed URL given in `documents`; needs no API key. Expired links: fetch the request again for fresh ones.',
      security: [],
      params: z.object({ fileId: z.string().min(1).max(100) }),
      querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(200) }),
      response: errorResponses(400, 401, 404),
    },
    handler: async (req, reply) => {
      const { fileId } = req.params;
      const verdict = signer.verify(fileId, req.query.expires, req.query.signature, clock.nowMs());
      // The signature is this route's credential: a bad or expired one is `unauthorized`, whose status is 401
      // (CONTRACT §3); it was a 403 with that code, a pair the Error schema does not allow.
      if (verdict === 'invalid') throw new ApiError('unauthorized', 'invalid document link signature');
      if (verdict === 'expired')
        throw new ApiError('unauthorized', 'this document link has expired; fetch the request again for a fresh one');
      const file = await files.get(fileId);
      if (!file) throw new ApiError('resource_not_found', 'no such document');
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `inline; filename="${file.documentId.replace(/[^\w.-]/g, '_')}.pdf"`);
      return reply.send(Buffer.from(file.content) as never);
    },
  });
};
