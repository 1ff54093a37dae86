import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs document download URLs: `/v2/files/{fileId}?expires=<unix s>&signature=<hmac>`. A signed URL needs
 * no API key, like a presigned object-store URL; fetching the request again issues fresh ones.
 */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    /** Base URL of the service as clients reach it; set once the server listens. */
    public baseUrl: string,
    private readonly ttlMs: number,
  ) {}

  sign(fileId: string, nowMs: number): string {
    const expires = Math.floor((nowMs + this.ttlMs) / 1000);
    return `${this.baseUrl}/v2/files/${encodeURIComponent(fileId)}?expires=${expires}&signature=${this.mac(fileId, expires)}`;
  }

  verify(fileId: string, expires: number, signature: string, nowMs: number): 'ok' | 'expired' | 'invalid' {
    const expected = Buffer.from(this.mac(fileId, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return expires * 1000 < nowMs ? 'expired' : 'ok';
  }

  private mac(fileId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${fileId}.${expires}`).digest('base64url');
  }
}
