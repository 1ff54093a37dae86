import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: the key length of HMAC-SHA256 (CONTRACT §3 allows 24 to 64). */
const SECRET_BYTES = 32;

/** A new endpoint secret: `whsec_` + base64 of random bytes, the Standard Webhooks format. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/**
 * The `webhook-signature` header value for one message: one `v1,<base64>` per active secret,
 * space-separated, so that a receiver holding either the old or the new secret during a rotation verifies.
 * Signing is the maintained `standardwebhooks` library (HMAC-SHA256 of `id.timestamp.body`).
 */
function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((s) => signer(s).sign(messageId, timestamp, body)).join(' ');
}

/** Signers by secret: each decodes its key once, not once per message. */
const signers = new Map<string, Webhook>();
const SIGNERS_KEPT = 1000;

function signer(secret: string): Webhook {
  let webhook = signers.get(secret);
  if (!webhook) {
    if (signers.size >= SIGNERS_KEPT) signers.clear();
    webhook = new Webhook(secret);
    signers.set(secret, webhook);
  }
  return webhook;
}

/**
 * The Standard Webhooks headers of one message sent at `timestamp`. The timestamp is wall-clock time, not the
 * service clock: receivers check it against their own clock to refuse replays (Standard Webhooks allows 5 minutes),
 * and the sandbox clock may run days ahead.
 */
export function signedHeaders(secrets: readonly string[], messageId: string, timestamp: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, messageId, timestamp, body),
  };
}
