// Generated from openapi.json by scripts/generate.mjs (openapi-typescript). Do not edit: run `npm run openapi`.
export interface paths {
    "/v2/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search a company in a register
         * @description By name or identifier; never billed. With `stream=true` and `Accept: text/event-stream` the answer is Server-Sent Events, its headers sent at once: `progress` as results arrive (`{source, results}`), then `complete` (`{results}`) or `error` (the error body), with a `: keep-alive` comment every 15 s meanwhile. An invalid query and the register’s own errors come as the `error` event; a missing or unknown API key (401) and the rate limit (429) answer before the stream starts, as plain JSON.
         */
        get: {
            parameters: {
                query: {
                    country: components["schemas"]["SearchCountry"];
                    query: string;
                    /** @description true: Server-Sent Events (send Accept: text/event-stream). */
                    stream?: "0" | "1" | "true" | "false";
                    /** @description true: romanise names, addresses and descriptions in the response. */
                    transliterate?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SearchResults"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retrieve company data and documents
         * @description `mode: onboarding` answers within the onboarding deadline per data point; `verification` (default) answers at once with `in_progress` and completes in the background, announced by `company.updated` webhooks. Accepts `Idempotency-Key`. As the incumbent: `{requestId}` alone re-reads a result (not billed, signed URLs refreshed); a graph continuation may leave out `id` and `countryCode`; `?transliterate=true` works as the body flag.
         */
        post: {
            parameters: {
                query?: {
                    /** @description As the body’s `transliterate`. */
                    transliterate?: "0" | "1" | "true" | "false";
                };
                header?: {
                    /** @description Repeat-safe key: a repeat within 24 hours returns the first response. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CompanyRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CompanyResponse"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/company/{requestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest state of a request
         * @description Not billed; refreshes signed document URLs. Another account’s request is a 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description true: romanise names, addresses, person names and activity descriptions in the response. */
                    transliterate?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    requestId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CompanyResponse"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Company profile in onboarding mode (deprecated)
         * @deprecated
         * @description Deprecated: use `POST /v2/company` with `mode: onboarding`. Only `companyProfile` is supported.
         */
        post: {
            parameters: {
                query?: {
                    /** @description As the body’s `transliterate`. */
                    transliterate?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OnboardingRequest"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnboardingResponse"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a retrieved document
         * @description The signed URL given in `documents`; needs no API key. Expired links: fetch the request again for fresh ones.
         */
        get: {
            parameters: {
                query: {
                    expires: number;
                    signature: string;
                };
                header?: never;
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/billing/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit balance of the account */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Balance"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/billing/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Billing events of the account
         * @description One event per delivered data block or document, newest first: `charged` with its amount, or `deduplicated` / `included` with amount 0 and `linkedEventId` naming the charge that covers it. Failed work has no event. A block charged in onboarding does not cover a verification of it unless the catalogue marks the block authoritative in onboarding (see GET /v2/pricing). Filter by `requestId`; page with `first` and `after` (the previous page’s `nextCursor`). Only the caller’s events.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    first?: number;
                    /** @description Cursor from the previous page (`nextCursor`). */
                    after?: string;
                    /** @description Only the events of this request. */
                    requestId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingEventList"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Coverage and prices of a register
         * @description Read from the same catalogue that billing uses. 406 for a country without a register. The flat `datapoints` entries name the mode their `price` is for (`mode`), give both prices (`modes`) and the block that charges them (`sku`); data points of one block share one charge. Deduplication within a block’s window: a verification charge covers both modes; an onboarding charge covers onboarding, and verification only where the block is authoritative in onboarding too; otherwise a verification after an onboarding is charged its own price.
         */
        get: {
            parameters: {
                query: {
                    countryCode: components["schemas"]["SearchCountry"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Pricing"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Oldest first; secrets are never listed. An account has at most 20 endpoints.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpointList"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Every endpoint of the account receives every event (`company.updated`, `monitor.notification`) as a JSON POST signed per Standard Webhooks: headers `webhook-id` (the message id, the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several space-separated during a secret rotation). Any 2xx is success; 410 disables the endpoint; anything else, or no answer within 15 s, is retried on WEBHOOK_RETRY_SCHEDULE (about 3 days) with jitter, later when `Retry-After` asks for it (at most 24 h). Redirects are not followed. The `secret` is shown here once. Accepts `Idempotency-Key`.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Repeat-safe key: a repeat within 24 hours returns the first response. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookEndpointCreated"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description It receives nothing more; deliveries still pending for it are cancelled. Another account’s endpoint is a 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Returns the new secret (shown once). For 24 hours the previous secret keeps signing beside it: deliveries carry both signatures, so receivers can switch without losing events.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookSecretRotated"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery attempts of an endpoint
         * @description Every attempt, scheduled or manual, newest first, paginated by `first` and `after` (`nextCursor`).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    first?: number;
                    /** @description Cursor from the previous page (`nextCursor`). */
                    after?: string;
                    /** @description Only the attempts of this message. */
                    messageId?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDeliveryList"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/deliveries/{messageId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a message again
         * @description One attempt now, with the original message id and body, freshly signed; answers with that attempt once it ended (a failed attempt is still a 200). A success settles the delivery; a failure leaves the automatic retries as they were. The message must have been sent to this endpoint; a disabled endpoint is a 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDeliveryAttempt"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends `{"type": "webhook.test", "endpointId", "timestamp", "message"}` to this endpoint only, signed and retried like every event, and logged in its deliveries. A disabled endpoint is a 400; another account’s a 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookTestEventSent"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List monitors
         * @description The account’s monitors, active and deactivated, newest first; filter by company and country; page with `first` and `after`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 100. */
                    first?: number;
                    /** @description Cursor from the previous page (`nextCursor`). */
                    after?: string;
                    companyId?: string;
                    countryCode?: components["schemas"]["SearchCountry"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            monitors: components["schemas"]["Monitor"][];
                            total: number;
                            hasNextPage: boolean;
                            nextCursor?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create or retrieve a monitor
         * @description Watches one company in its register: checked daily, every detected change sent to the account’s webhook endpoints as `monitor.notification` with its categories and the field-level `changes`. 201 with the new monitor; 200 with the account’s active monitor of the same company and country (its `metadata` replaced). A company no monitor watched yet is read at its register at once (that reading is the baseline; a company the register does not know is a 404). A company that disappears deactivates its monitors for good: create a new one to watch it again. Monitoring is not billed (see `GET /v2/pricing`). Accepts `Idempotency-Key`.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Repeat-safe key: a repeat within 24 hours returns the first response. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MonitorCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Monitor"];
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Monitor"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a monitor
         * @description Another account’s monitor is a 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Monitor"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Stop a monitor
         * @description Deactivates it for good; its logs stay readable. Another account’s monitor is a 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/monitors/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check log of a monitor
         * @description One line per check, newest first, paged by `first` (default 25, at most 200) and `after`: `fetchStatus` `success`, `not_found` (the company disappeared), `error` (the register failed; retried later the same day) or `error_final` (the day’s retries are used up; the next daily check goes on). A register error is never a change.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1 to 200 (default 25). */
                    first?: number;
                    /** @description Cursor from the previous page (`nextCursor`). */
                    after?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MonitorLogList"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The account’s working keys, oldest first: name, prefix, creation and last use. Never the keys themselves.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKeyList"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description Another key for the same account (an account may hold several, e.g. one per environment). The plain `key` is in this answer only: it is stored as a SHA-256 hash. No `Idempotency-Key` here: a replayed answer would have to store the key in plain text.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ApiKeyCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKeyCreated"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key answers 401 from then on; the key making this call may revoke itself. An account’s last key cannot be revoked (409): create another first. Another account’s key, or one revoked already, is a 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspaces
         * @description The account’s workspaces, oldest first. A request is made for a workspace by naming it (name or id) in the `x-topograph-workspace` header (the incumbent’s; `x-workspace-id` works too) of `POST /v2/company` or `POST /v2/onboarding`; its `request.workspace` shows it.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkspaceList"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a workspace
         * @description A name already used by a live workspace of the account is a 400. A request is made for a workspace by naming it (name or id) in the `x-topograph-workspace` header (the incumbent’s; `x-workspace-id` works too) of `POST /v2/company` or `POST /v2/onboarding`; its `request.workspace` shows it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkspaceCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/workspaces/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a workspace
         * @description Requests can no longer name it; its past usage still reports under it. Answers the deleted workspace.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The workspace’s name (or id). */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename a workspace
         * @description Changes its legal (display) name; its `name`, which requests use, stays.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The workspace’s name (or id). */
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkspaceUpdate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v2/workspaces/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage per workspace
         * @description What each workspace was billed for requests created in the period (billing events: charged, deduplicated, included), for rebilling; requests made without a workspace report under `workspace: null`. Deleted workspaces keep their usage.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Start of the period (inclusive); default the first day of the current month (UTC). */
                    startDate?: string;
                    /** @description End of the period; a date includes its whole day. Default now. */
                    endDate?: string;
                    /** @description Only this workspace (name or id). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkspaceUsageReport"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/billing/notifications/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Billing notification settings
         * @description Defaults merged: every notification is off until enabled.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingNotificationConfig"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change billing notification settings
         * @description Low balance: each tier fires once a day while the balance is at or below it. High usage: each tier fires once per period when the spend over the rolling period reaches it, for the whole account (`globalHighUsage…`) and for each workspace (`highUsage…`, which a workspace may override). Sent as `billing.low_balance` / `billing.high_usage` webhooks (the payload is the notification, as listed by `/recent`).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BillingNotificationConfigUpdate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingNotificationConfig"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v2/billing/notifications/recent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent billing notifications
         * @description Newest first. `emailSent` is always false: this service sends webhooks only.
         */
        get: {
            parameters: {
                query?: {
                    /** @description 1 to 200. */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["BillingNotificationEvent"][];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/billing/notifications/workspaces/{workspaceId}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A workspace’s billing notification settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The workspace’s id (or name). */
                    workspaceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkspaceBillingNotificationView"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Remove a workspace’s override
         * @description Idempotent: the workspace inherits the account’s settings.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The workspace’s id (or name). */
                    workspaceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Override a workspace’s high-usage settings
         * @description Only the fields given change; the others keep inheriting from the account.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The workspace’s id (or name). */
                    workspaceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WorkspaceBillingOverrideUpdate"];
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WorkspaceBillingOverride"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and its API key
         * @description The API key is shown once; only its hash is stored. With `owner`, the account gets its first dashboard user and the answer a one-time `setupUrl` where they set their password; an e-mail already in use is a 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AccountCreate"];
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AccountCreated"];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add or withdraw credits */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Credit cents; negative to withdraw. */
                        amount: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            balanceInCreditCents: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sandbox/{countryCode}/companies/{companyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Store a company in a sandbox register
         * @description `record` is the company in the register’s native format (CONTRACT §5); `behaviour` sets latency and failures.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    countryCode: components["schemas"]["SearchCountry"];
                    companyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The company in the native format of the `countryCode` register (CONTRACT §5). */
                        record: components["schemas"]["TestSandboxRecord"] | components["schemas"]["CnSandboxRecord"] | components["schemas"]["MtSandboxRecord"] | components["schemas"]["JeSandboxRecord"] | components["schemas"]["UsNySandboxRecord"] | components["schemas"]["GbSandboxRecord"];
                        behaviour?: components["schemas"]["SandboxBehaviour"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            countryCode: string;
                            companyId: string;
                            /** @enum {boolean} */
                            stored: true;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove a company from a sandbox register
         * @description The company then behaves as one that left the register (not found, removed).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    countryCode: components["schemas"]["SearchCountry"];
                    companyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sandbox/{countryCode}/outage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a sandbox register unavailable for a while */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    countryCode: components["schemas"]["SearchCountry"];
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        durationMs: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            countryCode: string;
                            unavailableUntil: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sandbox/tax-authorities/{authority}/outage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a sandbox tax authority unavailable for a while
         * @description The emulated VAT-number checks (`HMRC-VAT`, `VIES`) answer as unavailable for that long: company blocks still succeed, their taxId without a verification.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    authority: "HMRC-VAT" | "VIES";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        durationMs: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authority: string;
                            unavailableUntil: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The service clock */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            now: string;
                            offsetMs: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Move the service clock forward (sandbox only)
         * @description Affects dedup windows, monitor due times and link validity. The clock never moves back.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        advanceMs: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            now: string;
                            offsetMs: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                406: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/monitors/run-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run every due monitor check now
         * @description Reads the registers’ new snapshots, then checks every company whose daily check is due by the service clock (see `POST /admin/clock`), in this process, and answers with the totals once they are recorded.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RunChecksResult"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "monitor.notification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A monitored company changed
         * @description Sent to every webhook endpoint of the account, signed per Standard Webhooks (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`); a 2xx answer acknowledges it, anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MonitorNotification"];
                };
            };
            responses: {
                /** @description Received. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AccountCreate: {
            name: string;
            /** @description Opening balance in credit cents. */
            credits?: number;
            features?: {
                usNy?: boolean;
            };
            /** @description The first dashboard user; the answer carries their one-time set-up link (`setupUrl`). */
            owner?: {
                /** @description Who signs in to the dashboard as the account’s owner. */
                email: string;
            };
        };
        AccountCreated: {
            id: string;
            name: string;
            /** @description Shown once; only its hash is stored. */
            apiKey: string;
            balanceInCreditCents: number;
            /** @description With `owner`: the one-time link (valid 7 days) where the owner sets a password for `/dashboard`. */
            setupUrl?: string;
        };
        Activities: {
            NACE?: components["schemas"]["ActivityCode"][];
            ISIC?: components["schemas"]["ActivityCode"][];
        };
        /** @description As requests carry it (`Activities` is the form responses carry). */
        ActivitiesInput: {
            NACE?: components["schemas"]["ActivityCodeInput"][];
            ISIC?: components["schemas"]["ActivityCodeInput"][];
        };
        ActivityCode: {
            code: string;
            description?: string;
            isAIInferred?: boolean;
        };
        /** @description As requests carry it (`ActivityCode` is the form responses carry). */
        ActivityCodeInput: {
            code: string;
            description?: string;
            isAIInferred?: boolean;
        };
        /** @description A postal address; every field is optional. */
        Address: {
            addressLine1?: string;
            addressLine2?: string;
            city?: string;
            postalCode?: string;
            region?: string;
            state?: string;
            countryCode?: string;
            poBox?: string;
            careOf?: string;
            latitude?: number;
            longitude?: number;
        };
        /** @description A postal address; every field is optional. As requests carry it (`Address` is the form responses carry). */
        AddressInput: {
            addressLine1?: string;
            addressLine2?: string;
            city?: string;
            postalCode?: string;
            region?: string;
            state?: string;
            countryCode?: string;
            poBox?: string;
            careOf?: string;
            latitude?: number;
            longitude?: number;
        };
        ApiKey: {
            id: string;
            name: string;
            /** @description The first characters of the key, to tell keys apart. */
            prefix: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description Last authenticated request (to the minute); null when never used. */
            lastUsedAt: string | null;
        };
        ApiKeyCreate: {
            /** @description What the key is for, e.g. "production" or "CI". */
            name: string;
        };
        ApiKeyCreated: {
            id: string;
            name: string;
            /** @description The first characters of the key, to tell keys apart. */
            prefix: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description The key, shown here once: only its hash is stored. Send it as `x-api-key`. */
            key: string;
        };
        ApiKeyList: {
            /** @description Working keys, oldest first. */
            apiKeys: components["schemas"]["ApiKey"][];
        };
        AuthorizedStock: {
            /** @description The class of shares as the register writes it, e.g. COMMON, PREFERRED, NO PAR VALUE. */
            stockType?: string;
            /** @description Par value per share in USD; 0 for shares without par value. */
            parValue?: number;
            /** @description Number of shares of this class the entity is authorised to issue. */
            quantity?: number;
        };
        /** @description As requests carry it (`AuthorizedStock` is the form responses carry). */
        AuthorizedStockInput: {
            /** @description The class of shares as the register writes it, e.g. COMMON, PREFERRED, NO PAR VALUE. */
            stockType?: string;
            /** @description Par value per share in USD; 0 for shares without par value. */
            parValue?: number;
            /** @description Number of shares of this class the entity is authorised to issue. */
            quantity?: number;
        };
        AvailableDocument: {
            id: string;
            name?: string;
            type: components["schemas"]["DocumentCategory"];
            format?: string;
            description?: string;
            estimatedDeliverySeconds?: number;
            date?: string;
            period?: {
                year: number;
            };
            /** @description Price in credit cents when retrieved. */
            price?: number;
            /** @description True when name, description, period or category were inferred from the filing (spec §1.4). */
            isAIEnriched?: boolean;
        };
        /** @description As requests carry it (`AvailableDocument` is the form responses carry). */
        AvailableDocumentInput: {
            id: string;
            name?: string;
            type: components["schemas"]["DocumentCategory"];
            format?: string;
            description?: string;
            estimatedDeliverySeconds?: number;
            date?: string;
            period?: {
                year: number;
            };
            /** @description Price in credit cents when retrieved. */
            price?: number;
            /** @description True when name, description, period or category were inferred from the filing (spec §1.4). */
            isAIEnriched?: boolean;
        };
        Balance: {
            balanceInCreditCents: number;
            /**
             * @description `depleted` at or below 0; `low` at or below the highest low-balance threshold (`lowBalanceThresholds`); else `ok`.
             * @enum {string}
             */
            status: "ok" | "low" | "depleted";
            /** @description Automatic recharge: always off here (credits are granted by the operator). */
            autoTopup: {
                enabled: boolean;
                thresholdInCreditCents: number;
                amountInCreditCents: number;
            };
            /** @description The low-balance tiers of the billing notification settings. */
            lowBalanceThresholds: {
                /** @enum {string} */
                tier: "warning" | "critical" | "depleted";
                cents: number;
            }[];
        };
        /** @description One billable unit (data block or document) of a request that was delivered. Failed work has no event. The same block for the same company within its deduplication window (24 hours unless the catalogue says otherwise, measured between request creation times) is deduplicated; a document included with a block charged or deduplicated for the company is included. */
        BillingEvent: {
            id: string;
            requestId: string;
            companyId: string;
            countryCode: string;
            /** @enum {string} */
            kind: "dataBlock" | "document";
            /** @description The block sku of the catalogue, or the document type. */
            sku: string;
            documentId?: string;
            /** @description Credit cents charged; 0 when deduplicated or included. */
            amount: number;
            /** @enum {string} */
            status: "charged" | "deduplicated" | "included";
            /** @description For deduplicated and included events: the charged event that covers this one. */
            linkedEventId?: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
        };
        BillingEventList: {
            /** @description Newest first. */
            events: components["schemas"]["BillingEvent"][];
            hasNextPage: boolean;
            /** @description Pass as `after` for the next page; absent on the last page. */
            nextCursor?: string;
        };
        /** @description The account’s billing notifications, defaults merged. Notifications are sent as webhooks (`billing.low_balance`, `billing.high_usage`) to every endpoint of the account; e-mail is not sent by this service (the `…EmailEnabled` flags are kept for clients of the incumbent API). Auto top-up does not exist here: nothing fires for it. */
        BillingNotificationConfig: {
            lowBalanceEnabled: boolean;
            lowBalanceEmailEnabled: boolean;
            lowBalanceWebhookEnabled: boolean;
            lowBalanceTiers: components["schemas"]["LowBalanceTier"][];
            globalHighUsageEnabled: boolean;
            globalHighUsageEmailEnabled: boolean;
            globalHighUsageWebhookEnabled: boolean;
            globalHighUsagePeriodMinutes: number;
            globalHighUsageTiers: components["schemas"]["HighUsageTier"][];
            highUsageEnabled: boolean;
            highUsageEmailEnabled: boolean;
            highUsageWebhookEnabled: boolean;
            highUsagePeriodMinutes: number;
            highUsageTiers: components["schemas"]["HighUsageTier"][];
            autoTopupNotificationsEnabled: boolean;
            autoTopupEmailEnabled: boolean;
            autoTopupWebhookEnabled: boolean;
        };
        /** @description Only the fields given change. */
        BillingNotificationConfigUpdate: {
            lowBalanceEnabled?: boolean;
            lowBalanceEmailEnabled?: boolean;
            lowBalanceWebhookEnabled?: boolean;
            lowBalanceTiers?: components["schemas"]["LowBalanceTierInput"][];
            globalHighUsageEnabled?: boolean;
            globalHighUsageEmailEnabled?: boolean;
            globalHighUsageWebhookEnabled?: boolean;
            /** @description Rolling window in minutes, 5 to 43200 (30 days). */
            globalHighUsagePeriodMinutes?: number;
            globalHighUsageTiers?: components["schemas"]["HighUsageTierInput"][];
            highUsageEnabled?: boolean;
            highUsageEmailEnabled?: boolean;
            highUsageWebhookEnabled?: boolean;
            /** @description Rolling window in minutes, 5 to 43200 (30 days). */
            highUsagePeriodMinutes?: number;
            highUsageTiers?: components["schemas"]["HighUsageTierInput"][];
            autoTopupNotificationsEnabled?: boolean;
            autoTopupEmailEnabled?: boolean;
            autoTopupWebhookEnabled?: boolean;
        };
        BillingNotificationEvent: {
            id: string;
            /** @enum {string} */
            kind: "low_balance" | "high_usage" | "auto_topup";
            /** @description The tier (`warning`, `critical`, `depleted`). */
            identifier: string;
            accountId: string;
            /** @description The workspace of a per-workspace high-usage notification; else null. */
            workspaceId: string | null;
            /** @description One notification per threshold and period: this key. */
            dedupKey: string;
            /** @description ISO 8601 UTC timestamp. */
            firedAt: string;
            payload: {
                [key: string]: unknown;
            };
            emailSent: boolean;
            webhookSent: boolean;
        };
        /** @description Day or month may be absent in some registers. */
        BirthDate: {
            day?: number;
            month?: number;
            year?: number;
        };
        /** @description Day or month may be absent in some registers. As requests carry it (`BirthDate` is the form responses carry). */
        BirthDateInput: {
            day?: number;
            month?: number;
            year?: number;
        };
        BlockSources: {
            overall?: components["schemas"]["Source"];
            /** @description Per-field origin where fields of one block differ. */
            fields?: {
                [key: string]: components["schemas"]["Source"];
            };
        };
        /** @enum {string} */
        ChangeCategory: "status" | "address" | "ownership" | "financial" | "legalRepresentatives" | "other" | "disappeared";
        CnSandboxRecord: {
            "\u7EDF\u4E00\u793E\u4F1A\u4FE1\u7528\u4EE3\u7801"?: string;
            "\u4F01\u4E1A\u540D\u79F0": string;
            "\u7C7B\u578B": string;
            "\u6CD5\u5B9A\u4EE3\u8868\u4EBA"?: string;
            "\u8D1F\u8D23\u4EBA"?: string;
            "\u6267\u884C\u4E8B\u52A1\u5408\u4F19\u4EBA"?: string;
            "\u7ECF\u8425\u8005"?: string;
            "\u6CE8\u518C\u8D44\u672C"?: string;
            "\u6210\u7ACB\u65E5\u671F"?: string;
            "\u8425\u4E1A\u671F\u9650\u81EA"?: string;
            "\u8425\u4E1A\u671F\u9650\u81F3"?: string | ("长期" | "无固定期限");
            "\u767B\u8BB0\u673A\u5173"?: string;
            "\u6838\u51C6\u65E5\u671F"?: string;
            "\u767B\u8BB0\u72B6\u6001": string;
            "\u4F4F\u6240"?: string;
            "\u8425\u4E1A\u573A\u6240"?: string;
            "\u4E3B\u8981\u7ECF\u8425\u573A\u6240"?: string;
            "\u7ECF\u8425\u573A\u6240"?: string;
            "\u7ECF\u8425\u8303\u56F4"?: string;
            /** @default [] */
            "\u4E3B\u8981\u4EBA\u5458"?: {
                "\u59D3\u540D": string;
                "\u804C\u52A1": string;
            }[];
            /** @default [] */
            "\u80A1\u4E1C"?: {
                "\u80A1\u4E1C\u7C7B\u578B": string;
                "\u80A1\u4E1C": string;
                "\u8BC1\u7167\u7C7B\u578B"?: string;
            }[];
            /** @default [] */
            "\u5206\u652F\u673A\u6784"?: {
                "\u7EDF\u4E00\u793E\u4F1A\u4FE1\u7528\u4EE3\u7801"?: string;
                "\u540D\u79F0": string;
                "\u767B\u8BB0\u673A\u5173"?: string;
            }[];
            /** @default [] */
            "\u53D8\u66F4\u4FE1\u606F"?: {
                "\u53D8\u66F4\u4E8B\u9879": string;
                "\u53D8\u66F4\u524D\u5185\u5BB9"?: string;
                "\u53D8\u66F4\u540E\u5185\u5BB9"?: string;
                "\u53D8\u66F4\u65E5\u671F": string;
            }[];
        };
        /** @description A normalised company profile. */
        Company: {
            /** @description ISO 3166-1 alpha-2 code, a US state register (US-XX) or TEST. */
            countryCode: string;
            /** @description The company id in its register; search always returns a usable one. */
            id: string;
            /** @description Keys vary by register, e.g. registrationNumber, dosId, uuid, "Unified Social Credit Code". */
            identifiers?: {
                [key: string]: string;
            };
            taxId?: components["schemas"]["TaxId"];
            legalName?: string;
            legalNameInEnglish?: string;
            commercialNames?: string[];
            legacyLegalNames?: string[];
            legacyCommercialNames?: string[];
            companyNameTransliterations?: string[];
            status?: components["schemas"]["CompanyStatus"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            registrationDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            incorporationDate?: string;
            legalForm?: components["schemas"]["LegalForm"];
            capital?: components["schemas"]["Money"];
            activities?: components["schemas"]["Activities"];
            activityDescription?: string;
            legalAddress?: components["schemas"]["Address"];
            phones?: string[];
            website?: string;
            employeeCount?: components["schemas"]["EmployeeCount"];
            /** @description US state registers only (US-NY): register details beyond the common profile. */
            usState?: components["schemas"]["UsStateDetails"];
        };
        /**
         * @description Country of the register. US state registers (US-NY) are accepted only when enabled for the account (400 otherwise).
         * @enum {string}
         */
        CompanyCountry: "AT" | "BE" | "BG" | "CH" | "CN" | "CZ" | "CY" | "DE" | "DK" | "EE" | "ES" | "FI" | "FR" | "GB" | "GG" | "GR" | "HK" | "HR" | "HU" | "IE" | "IS" | "IT" | "JE" | "LI" | "LU" | "LV" | "MC" | "MT" | "MU" | "NL" | "NO" | "PL" | "PT" | "RO" | "RU" | "SE" | "SG" | "SI" | "SK" | "VG" | "US-FL" | "US-CO" | "US-IL" | "US-MA" | "US-MD" | "US-MI" | "US-NJ" | "US-NY" | "US-OH" | "US-TX" | "US-DE" | "US-WA" | "US-TN" | "US-WY" | "US-GA" | "US-MN" | "US-MO" | "US-NV" | "US-PA" | "US-CT" | "US-UT" | "US-IA" | "US-AZ" | "US-VA" | "US-MS" | "US-CA" | "US-OR" | "US-KY" | "US-NE" | "US-NC" | "US-AR" | "US-WI" | "US-SC" | "TEST";
        CompanyReference: {
            /** @description ISO 3166-1 alpha-2 code, a US state register (US-XX) or TEST. */
            countryCode?: string;
            id?: string;
            /** @description Keys vary by register, e.g. registrationNumber, dosId, uuid, "Unified Social Credit Code". */
            identifiers?: {
                [key: string]: string;
            };
            taxId?: components["schemas"]["TaxId"];
            legalName?: string;
            legalNameInEnglish?: string;
            commercialNames?: string[];
            legacyLegalNames?: string[];
            legacyCommercialNames?: string[];
            companyNameTransliterations?: string[];
            status?: components["schemas"]["CompanyStatus"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            registrationDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            incorporationDate?: string;
            legalForm?: components["schemas"]["LegalForm"];
            capital?: components["schemas"]["Money"];
            activities?: components["schemas"]["Activities"];
            activityDescription?: string;
            legalAddress?: components["schemas"]["Address"];
            phones?: string[];
            website?: string;
            employeeCount?: components["schemas"]["EmployeeCount"];
            /** @description US state registers only (US-NY): register details beyond the common profile. */
            usState?: components["schemas"]["UsStateDetails"];
        };
        /** @description As requests carry it (`CompanyReference` is the form responses carry). */
        CompanyReferenceInput: {
            /** @description ISO 3166-1 alpha-2 code, a US state register (US-XX) or TEST. */
            countryCode?: string;
            id?: string;
            /** @description Keys vary by register, e.g. registrationNumber, dosId, uuid, "Unified Social Credit Code". */
            identifiers?: {
                [key: string]: string;
            };
            taxId?: components["schemas"]["TaxIdInput"];
            legalName?: string;
            legalNameInEnglish?: string;
            commercialNames?: string[];
            legacyLegalNames?: string[];
            legacyCommercialNames?: string[];
            companyNameTransliterations?: string[];
            status?: components["schemas"]["CompanyStatusInput"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            registrationDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            incorporationDate?: string;
            legalForm?: components["schemas"]["LegalFormInput"];
            capital?: components["schemas"]["MoneyInput"];
            activities?: components["schemas"]["ActivitiesInput"];
            activityDescription?: string;
            legalAddress?: components["schemas"]["AddressInput"];
            phones?: string[];
            website?: string;
            employeeCount?: components["schemas"]["EmployeeCountInput"];
            /** @description US state registers only (US-NY): register details beyond the common profile. */
            usState?: components["schemas"]["UsStateDetailsInput"];
        };
        CompanyRelationship: {
            /** @description `mergedFrom`, `mergedInto`, `branchOf`, `predecessor`, `successor`, or `securedCreditor` (a person entitled to a charge over the company's assets that is still outstanding; GB). */
            relation: string;
            company?: components["schemas"]["CompanyReference"];
            effectiveDate?: string;
            description?: string;
        };
        /** @description As requests carry it (`CompanyRelationship` is the form responses carry). */
        CompanyRelationshipInput: {
            /** @description `mergedFrom`, `mergedInto`, `branchOf`, `predecessor`, `successor`, or `securedCreditor` (a person entitled to a charge over the company's assets that is still outstanding; GB). */
            relation: string;
            company?: components["schemas"]["CompanyReferenceInput"];
            effectiveDate?: string;
            description?: string;
        };
        CompanyRequest: {
            /** @description Company id from search. */
            id?: string;
            countryCode?: components["schemas"]["CompanyCountry"];
            /** @description Data to retrieve; defaults to ["company"] when neither dataPoints nor documents are given. */
            dataPoints?: components["schemas"]["DataPoint"][];
            /** @default verification */
            mode?: components["schemas"]["Mode"];
            /** @description Ids of documents to retrieve. */
            documents?: string[];
            /** @description Node ids (CC:companyId) of graph nodes with a continuation, from an earlier graph of the same company: the graph is rebuilt from the company (what was paid for within the dedup window costs 0) and these nodes, and the owners above them, are expanded. */
            graphContinueFromNodeIds?: string[];
            /** @description Credit cents. Cap on what the graph spends on expansions; maxBudget applies too. */
            graphMaxBudget?: number;
            /** @description Expand one level only: the company's owners (or, continuing, the listed nodes' owners). */
            graphInteractive?: boolean;
            /** @description Credit cents. Cap on the company-profile block: above it, the block fails with budget_exceeded. */
            profileMaxBudget?: number;
            /** @description Credit cents. Total cap: blocks are taken in the order company, legalRepresentatives, ultimateBeneficialOwners, shareholders, subsidiaries, then the others, then documents; what does not fit fails with budget_exceeded (its cost in error.cost) and the rest proceeds. Deduplicated and included items cost 0 and always fit. */
            maxBudget?: number;
            /** @description Prefer speed over freshness: a data point the service fetched from the register for this company within the block's window (24 hours unless the pricing says otherwise) is served from that retrieval, without a register call, marked `cached_from_registry` in dataSources with its original retrievedAt. A verification retrieval may serve an onboarding request, not the reverse. Likewise a document the same account was delivered for this company within the document's window is served from its stored file. Billing is the same as without it. Otherwise the register is called as usual. */
            fast?: boolean;
            /** @description Accept only authoritative sources: data points whose block is not authoritative in the requested mode (see `authoritative` in GET /v2/pricing) are not fetched and fail with datapoint_not_supported, cost 0; with `fast`, only an authoritative earlier retrieval may serve. When nothing requested is authoritative the request is refused (406). */
            authoritative?: boolean;
            agenticEnrichment?: boolean;
            /** @description Keep legal representatives and other key persons who have left office (resigned), each with its `endDate`, where the register publishes them (GB). Without it the lists hold current office holders only. Billing is the same; `fast` reuses only retrievals made with the same value. */
            includeFormerOfficers?: boolean;
            /** @description Romanise names, addresses, person names and activity descriptions of this response (e.g. Hanyu Pinyin, written as GB/T 16159 writes names and addresses: capitalised words, Latin letters and digits as written, ASCII parentheses); stored data, webhooks and billing are unaffected. */
            transliterate?: boolean;
            /** @description String pairs. At most 50 keys are kept; keys longer than 40 characters are skipped; values longer than 500 characters are truncated. */
            metadata?: {
                [key: string]: string;
            };
            /** @description Alone: re-reads that earlier request’s latest result, not billed, signed document URLs refreshed. */
            requestId?: string;
        };
        /** @description Only requested data appears. */
        CompanyResponse: {
            request: components["schemas"]["Request"];
            company?: components["schemas"]["Company"];
            ultimateBeneficialOwners?: components["schemas"]["UltimateBeneficialOwner"][];
            legalRepresentatives?: components["schemas"]["LegalRepresentative"][];
            shareholders?: components["schemas"]["Shareholder"][];
            subsidiaries?: components["schemas"]["Subsidiary"][];
            establishments?: components["schemas"]["Establishment"][];
            otherKeyPersons?: components["schemas"]["OtherKeyPerson"][];
            graph?: components["schemas"]["Graph"];
            documents?: components["schemas"]["Documents"];
            availableDocuments?: components["schemas"]["AvailableDocument"][];
            companyRelationships?: components["schemas"]["CompanyRelationship"][];
            dataSources?: components["schemas"]["DataSources"];
            enrichmentReport?: string;
        };
        CompanyStatus: {
            /** @description The register's own word for the status. */
            localName?: string;
            active?: boolean;
            /** @description True when the status was inferred (e.g. extracted from a PDF). */
            isAIInferred?: boolean;
            statusDetails?: {
                /**
                 * @description The standardised status; the register's own word is in `localName`, a finer mapped word in `additionalInfo`.
                 * @enum {string}
                 */
                status?: "ACTIVE" | "UNDER_INSOLVENCY_PROCEEDING" | "INACTIVE_NOT_CLOSED" | "PENDING_DISSOLUTION" | "CLOSED" | "UNKNOWN";
                /**
                 * @description Why the company closed, in standard values.
                 * @enum {string}
                 */
                closureReason?: "BANKRUPTCY" | "LIQUIDATION" | "MERGER" | "ACQUISITION" | "VOLUNTARY_DISSOLUTION" | "ADMINISTRATIVE_DISSOLUTION" | "COURT_ORDER" | "SPLIT" | "OTHER" | "UNKNOWN";
                /** @description ISO 8601 date, YYYY-MM-DD. */
                closureDate?: string;
                /** @description ISO 8601 date, YYYY-MM-DD. */
                insolvencyStartDate?: string;
                additionalInfo?: string;
            };
        };
        /** @description As requests carry it (`CompanyStatus` is the form responses carry). */
        CompanyStatusInput: {
            /** @description The register's own word for the status. */
            localName?: string;
            active?: boolean;
            /** @description True when the status was inferred (e.g. extracted from a PDF). */
            isAIInferred?: boolean;
            statusDetails?: {
                /**
                 * @description The standardised status; the register's own word is in `localName`, a finer mapped word in `additionalInfo`.
                 * @enum {string}
                 */
                status?: "ACTIVE" | "UNDER_INSOLVENCY_PROCEEDING" | "INACTIVE_NOT_CLOSED" | "PENDING_DISSOLUTION" | "CLOSED" | "UNKNOWN";
                /**
                 * @description Why the company closed, in standard values.
                 * @enum {string}
                 */
                closureReason?: "BANKRUPTCY" | "LIQUIDATION" | "MERGER" | "ACQUISITION" | "VOLUNTARY_DISSOLUTION" | "ADMINISTRATIVE_DISSOLUTION" | "COURT_ORDER" | "SPLIT" | "OTHER" | "UNKNOWN";
                /** @description ISO 8601 date, YYYY-MM-DD. */
                closureDate?: string;
                /** @description ISO 8601 date, YYYY-MM-DD. */
                insolvencyStartDate?: string;
                additionalInfo?: string;
            };
        };
        /** @enum {string} */
        DataPoint: "company" | "companyProfile" | "legalRepresentatives" | "otherKeyPersons" | "establishments" | "shareholders" | "subsidiaries" | "ultimateBeneficialOwners" | "availableDocuments" | "graph";
        /** @description Where each block (and, where they differ, each field) came from. */
        DataSources: {
            company?: components["schemas"]["BlockSources"];
            shareholders?: components["schemas"]["BlockSources"];
            ultimateBeneficialOwners?: components["schemas"]["BlockSources"];
            legalRepresentatives?: components["schemas"]["BlockSources"];
            establishments?: components["schemas"]["BlockSources"];
            otherKeyPersons?: components["schemas"]["BlockSources"];
            subsidiaries?: components["schemas"]["BlockSources"];
        };
        DataStatusEntry: {
            status: components["schemas"]["ItemStatus"];
            authoritative?: boolean;
            /** @description Credit cents charged for this item: 0 when deduplicated, included, free or failed. Data points of one catalogue block (e.g. company and companyProfile) are charged once: the cost sits on the first of them to succeed (company before companyProfile when together), the others show 0. */
            cost: number;
            error?: components["schemas"]["ItemError"];
        };
        /** @enum {string} */
        DocumentCategory: "tradeRegisterExtract" | "certifiedTradeRegisterExtract" | "ultimateBeneficialOwnersCertificate" | "lastFiscalYearFinancialStatement" | "tradeRegisterHistory" | "certificateOfGoodStanding" | "financialStatements" | "articlesOfAssociation" | "officialPublications" | "annualReturns" | "otherDocuments";
        DocumentItem: {
            id: string;
            name?: string;
            format?: string;
            description?: string;
            estimatedDeliverySeconds?: number;
            /** @description Signed download URL; fetching the request again refreshes it. */
            url?: string;
            pdfUrl?: string;
            blobName?: string;
            price?: number;
            priceMarkup?: number;
            date?: string;
            period?: {
                startDate?: {
                    year: number;
                    month?: number;
                    day?: number;
                };
                endDate?: {
                    year: number;
                    month?: number;
                    day?: number;
                };
            };
            extractedFinancialData?: components["schemas"]["FinancialData"];
            /** @description True when name, description, period or category were inferred from the filing, or `extractedFinancialData` was extracted from its bytes (spec §1.4). */
            isAIEnriched?: boolean;
        };
        /** @description Retrieved documents by category. */
        Documents: {
            tradeRegisterExtract?: components["schemas"]["DocumentItem"];
            certifiedTradeRegisterExtract?: components["schemas"]["DocumentItem"];
            ultimateBeneficialOwnersCertificate?: components["schemas"]["DocumentItem"];
            lastFiscalYearFinancialStatement?: components["schemas"]["DocumentItem"];
            tradeRegisterHistory?: components["schemas"]["DocumentItem"];
            certificateOfGoodStanding?: components["schemas"]["DocumentItem"];
            financialStatements?: components["schemas"]["DocumentItem"][];
            articlesOfAssociation?: components["schemas"]["DocumentItem"][];
            officialPublications?: components["schemas"]["DocumentItem"][];
            annualReturns?: components["schemas"]["DocumentItem"][];
            otherDocuments?: components["schemas"]["DocumentItem"][];
        };
        EmployeeCount: {
            exact?: number;
            min?: number;
            max?: number;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            lastUpdated?: string;
            isEstimate?: boolean;
        };
        /** @description As requests carry it (`EmployeeCount` is the form responses carry). */
        EmployeeCountInput: {
            exact?: number;
            min?: number;
            max?: number;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            lastUpdated?: string;
            isEstimate?: boolean;
        };
        /** @description The body of every non-2xx response. `statusCode` repeats the HTTP status: each code has one status, except `invalid_request`, which is 400, or 405 (method not allowed on the path), 408 (request not received in time), 413 (body too large), 415 (body not JSON) or 431 (headers or URL too large). */
        Error: {
            statusCode: number;
            error: {
                /** @enum {string} */
                code: "invalid_request" | "unauthorized" | "insufficient_funds" | "resource_not_found" | "not_supported" | "processing_failed" | "rate_limited" | "internal_error" | "service_unavailable";
                message: string;
                details?: string[];
            };
        };
        Establishment: {
            name?: string;
            id?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            creationDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
            active?: boolean;
            address?: components["schemas"]["Address"];
        };
        /** @description As requests carry it (`Establishment` is the form responses carry). */
        EstablishmentInput: {
            name?: string;
            id?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            creationDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
            active?: boolean;
            address?: components["schemas"]["AddressInput"];
        };
        FieldChange: {
            path: string;
            before: unknown;
            after: unknown;
        };
        /** @description Figures extracted from the document's own bytes (text of the PDF, by the labels the statement prints) and their analysis. */
        FinancialData: {
            /** @description The year the accounts cover: `year` of its end date; dates (YYYY-MM-DD) when the statement names the period end (twelve months to it). */
            fiscalYear?: {
                year: number;
                startDate?: string;
                endDate?: string;
            };
            /** @description When the board approved the accounts (YYYY-MM-DD), as the statement prints it. */
            approvalDate?: string;
            /** @description ISO 4217 code of every amount, as the statement states it. */
            currency?: string;
            analysis?: {
                /** @description One sentence: rating, health score, revenue and result. */
                summary?: string;
                /** @description A short paragraph generated deterministically from the figures (no language model). */
                narrativeAnalysis?: string;
                /** @description Integer 0–100: round(100 × Σ wᵢ·sᵢ / Σ wᵢ) over the ratios known, sᵢ = clamp((ratio − worst) / (best − worst), 0, 1) with (weight, worst, best): currentRatio (25, 0.5, 2), quickRatio (10, 0.3, 1.5), debtToEquity (25, 3, 0.5), netProfitMargin (25, −0.05, 0.15), revenueGrowth (15, −0.1, 0.1). Equity printed at or below zero scores 0 on debtToEquity. Omitted when no ratio is known. */
                healthScore?: number;
                /** @description Computed from `incomeStatement`, `balanceSheet` and the prior-year column only; a ratio whose input is missing or whose denominator is not positive is omitted, never estimated. */
                ratios?: {
                    /** @description currentAssets / currentLiabilities, two decimals. */
                    currentRatio?: number;
                    /** @description (currentAssets − inventories) / currentLiabilities, two decimals; omitted when inventories are not printed. */
                    quickRatio?: number;
                    /** @description totalLiabilities / equity, two decimals; omitted when equity ≤ 0. */
                    debtToEquity?: number;
                    /** @description netIncome / revenue as a fraction (0.0834 = 8.34 %), four decimals; omitted when revenue ≤ 0. */
                    netProfitMargin?: number;
                    /** @description netIncome / equity as a fraction, four decimals; omitted when equity ≤ 0. */
                    returnOnEquity?: number;
                    /** @description (revenue − prior-year revenue) / prior-year revenue as a fraction, four decimals; needs the comparative column. */
                    revenueGrowth?: number;
                };
                /** @description One per computed ratio, by fixed bands, plus one for negative equity. */
                insights?: {
                    /** @enum {string} */
                    category?: "liquidity" | "profitability" | "solvency" | "efficiency" | "growth" | "risk";
                    title: string;
                    description?: string;
                    /**
                     * @description strong band low, adequate medium, weak high; negative equity critical.
                     * @enum {string}
                     */
                    riskLevel?: "low" | "medium" | "high" | "critical";
                    /** @description The ratio (or, for negative equity, the equity amount) the insight is about, as shown (1.85x, 8.3%). */
                    metricValue?: number | string;
                    /** @description The same figure as a number. */
                    metric?: number;
                    recommendation?: string;
                }[];
                /** @description Descriptions of the insights in their strong band. */
                strengths?: string[];
                /** @description Descriptions of the insights in their weak band, and negative equity. */
                concerns?: string[];
                /**
                 * @description From the health score: 70 and above low, 50 medium, 30 high, below critical; medium when not scored.
                 * @enum {string}
                 */
                overallRisk?: "low" | "medium" | "high" | "critical";
                /** @description Year on year: directions `unknown` and no lines when the statement prints no prior-year column. */
                trends?: {
                    /** @enum {string} */
                    revenueDirection?: "increasing" | "stable" | "decreasing" | "unknown";
                    /**
                     * @description From net income.
                     * @enum {string}
                     */
                    profitabilityDirection?: "improving" | "stable" | "declining" | "unknown";
                    /**
                     * @description From total liabilities.
                     * @enum {string}
                     */
                    debtDirection?: "decreasing" | "stable" | "increasing" | "unknown";
                    /** @description The prior fiscal year of the comparative column. */
                    comparedWithYear?: number;
                    /** @description By line-item key of `incomeStatement` and `balanceSheet`, for lines printed in both years. */
                    lines?: {
                        [key: string]: components["schemas"]["FinancialLineTrend"];
                    };
                };
            };
            /** @description Line items in `currency` as printed for the year: revenue, costOfSales, grossProfit, operatingExpenses, operatingIncome, financeCosts, profitBeforeTax, incomeTax, netIncome (those the statement prints). Costs are positive; losses negative. */
            incomeStatement?: {
                [key: string]: number;
            };
            /** @description Line items in `currency` at the year end: cash, tradeReceivables, inventories, currentAssets, nonCurrentAssets, totalAssets, currentLiabilities, nonCurrentLiabilities, totalLiabilities, equity (those the statement prints). */
            balanceSheet?: {
                [key: string]: number;
            };
        };
        FinancialLineTrend: {
            current: number;
            prior: number;
            /** @description current − prior. */
            change: number;
            /** @description change / |prior|, four decimals; omitted when prior is 0. */
            changeRatio?: number;
            /** @enum {string} */
            direction: "up" | "down" | "flat";
        };
        GbSandboxRecord: {
            profile: {
                company_number?: string;
                company_name: string;
                company_status: string;
                company_status_detail?: string;
                type: string;
                subtype?: string;
                jurisdiction?: string;
                date_of_creation?: string;
                date_of_cessation?: string;
                registered_office_address?: {
                    care_of?: string;
                    po_box?: string;
                    premises?: string;
                    address_line_1?: string;
                    address_line_2?: string;
                    locality?: string;
                    region?: string;
                    postal_code?: string;
                    country?: string;
                } & {
                    [key: string]: unknown;
                };
                sic_codes?: string[];
                previous_company_names?: ({
                    name: string;
                    effective_from?: string;
                    ceased_on?: string;
                } & {
                    [key: string]: unknown;
                })[];
                has_insolvency_history?: boolean;
                has_charges?: boolean;
            } & {
                [key: string]: unknown;
            };
            /** @default [] */
            officers?: ({
                name: string;
                officer_role: string;
                appointed_on?: string;
                resigned_on?: string;
                date_of_birth?: {
                    month: number;
                    year: number;
                } & {
                    [key: string]: unknown;
                };
                nationality?: string;
                country_of_residence?: string;
                occupation?: string;
                address?: {
                    care_of?: string;
                    po_box?: string;
                    premises?: string;
                    address_line_1?: string;
                    address_line_2?: string;
                    locality?: string;
                    region?: string;
                    postal_code?: string;
                    country?: string;
                } & {
                    [key: string]: unknown;
                };
                identification?: {
                    identification_type?: string;
                    legal_authority?: string;
                    legal_form?: string;
                    place_registered?: string;
                    country_registered?: string;
                    registration_number?: string;
                } & {
                    [key: string]: unknown;
                };
                contact_details?: {
                    contact_name?: string;
                } & {
                    [key: string]: unknown;
                };
                links?: {
                    officer?: {
                        appointments?: string;
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            /** @default [] */
            psc?: ({
                /** @enum {string} */
                kind: "individual-person-with-significant-control" | "corporate-entity-person-with-significant-control" | "legal-person-person-with-significant-control" | "super-secure-person-with-significant-control" | "individual-beneficial-owner" | "corporate-entity-beneficial-owner" | "legal-person-beneficial-owner" | "super-secure-beneficial-owner" | "persons-with-significant-control-statement";
                name?: string;
                name_elements?: {
                    title?: string;
                    forename?: string;
                    middle_name?: string;
                    surname?: string;
                } & {
                    [key: string]: unknown;
                };
                natures_of_control?: string[];
                notified_on?: string;
                ceased_on?: string;
                date_of_birth?: {
                    month: number;
                    year: number;
                } & {
                    [key: string]: unknown;
                };
                nationality?: string;
                country_of_residence?: string;
                address?: {
                    care_of?: string;
                    po_box?: string;
                    premises?: string;
                    address_line_1?: string;
                    address_line_2?: string;
                    locality?: string;
                    region?: string;
                    postal_code?: string;
                    country?: string;
                } & {
                    [key: string]: unknown;
                };
                identification?: {
                    identification_type?: string;
                    legal_authority?: string;
                    legal_form?: string;
                    place_registered?: string;
                    country_registered?: string;
                    registration_number?: string;
                } & {
                    [key: string]: unknown;
                };
                statement?: string;
                description?: string;
                links?: {
                    self?: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            /** @default [] */
            filingHistory?: ({
                transaction_id: string;
                category: string;
                subcategory?: string | string[];
                type: string;
                description: string;
                description_values?: {
                    [key: string]: unknown;
                };
                date: string;
                action_date?: string;
                pages?: number;
                barcode?: string;
                links?: {
                    self?: string;
                    document_metadata?: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            insolvency?: {
                /** @default [] */
                cases?: ({
                    type: string;
                    number?: string | number;
                    /** @default [] */
                    dates?: ({
                        type: string;
                        date: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    practitioners?: ({
                        name: string;
                        role?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                })[];
                status?: string[];
            } & {
                [key: string]: unknown;
            };
            /** @default [] */
            charges?: ({
                charge_number?: number;
                status: string;
                created_on?: string;
                delivered_on?: string;
                satisfied_on?: string;
                classification?: {
                    type?: string;
                    description?: string;
                } & {
                    [key: string]: unknown;
                };
                persons_entitled?: ({
                    name: string;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            })[];
            /** @default {} */
            documents?: {
                [key: string]: {
                    /** @enum {string} */
                    contentType: "application/pdf" | "application/xhtml+xml";
                    content: string;
                };
            };
        };
        /** @description The ownership graph (verification mode): expanded breadth-first from the requested company, each corporate owner in its own register. Every company expanded is billed as its register's shareholders block (deduplicated for 24 hours like any block), capped by graphMaxBudget and maxBudget. */
        Graph: {
            nodes: components["schemas"]["GraphNode"][];
            edges: components["schemas"]["GraphEdge"][];
            /** @description The graph as a mermaid flowchart (owners above what they own). */
            mermaidDiagram?: string;
            /** @description The graph in words: who ultimately owns the company, how far the graph went, why it stopped. */
            description?: string;
            metadata?: {
                /** @description Credit cents this request charged for the graph (deduplicated companies at 0). */
                amountSpent: number;
                /** @description Companies whose shareholders were fetched (the requested company included). */
                companiesFetched: number;
                /** @description Companies in the graph not expanded: left for later (continuation) or dead ends. */
                companiesSkipped: number;
                interactive: boolean;
                /**
                 * @description completed; budget_exhausted (balance, maxBudget or graphMaxBudget); max_depth_reached (depth, interactive); timeout (a register stayed unavailable).
                 * @enum {string}
                 */
                stoppedReason: "completed" | "budget_exhausted" | "max_depth_reached" | "max_nodes_reached" | "timeout";
                stopDetail?: components["schemas"]["GraphStopDetail"];
            };
        };
        GraphEdge: {
            id: string;
            /** @description The owned company (the incumbent’s direction). */
            fromId: string;
            /** @description The owner. */
            toId: string;
            /** @description Percent of fromId that toId holds directly. */
            percentage?: number;
            /** @description The register that published the holding. */
            source?: string;
        };
        GraphNode: {
            /** @description `CC:companyId` for companies; an opaque id (`person:…`) for individuals. */
            nodeId: string;
            /** @enum {string} */
            type: "individual" | "company";
            individual?: {
                name: components["schemas"]["PersonName"];
                birthDate?: components["schemas"]["BirthDate"];
            };
            company?: {
                legalName?: string;
                id?: string;
                countryCode?: string;
            };
            /** @description Percent of the requested company this node holds, directly and through other companies: multiplied along each chain, added across paths; a path never passes through a company twice, so cycles count once. Absent on the root. */
            totalOwnershipPercentage?: number;
            flags?: {
                /** @description The requested company. */
                isRoot?: boolean;
                /** @description An individual whose total ownership reaches the UBO threshold of the requested company's country (25% by default). */
                isUbo?: boolean;
                /** @description The senior managing official, reported when no individual reaches the threshold. */
                isUboProxy?: boolean;
                /** @description accumulation: ownership multiplied along each chain and added across paths (how every UBO here is found). */
                uboCalculationMethod?: ("accumulation" | "domination")[];
                /** @description Ours, finer: direct_shareholding, indirect_shareholding (both when both contribute), senior_managing_official. */
                uboCalculationDetail?: ("direct_shareholding" | "indirect_shareholding" | "senior_managing_official")[];
                /**
                 * @description Companies: found (expanded), budget_truncated (not expanded; pass its nodeId in graphContinueFromNodeIds).
                 * @enum {string}
                 */
                status?: "found" | "budget_truncated";
            };
            /** @description Present on companies a later request can expand; pass the nodeId in graphContinueFromNodeIds. */
            continuation?: {
                /** @constant */
                reason: "budget";
                /** @description Credit cents to expand this company now: its register's shareholders block, 0 when deduplicated. */
                estimatedCost: number;
                /** @description Levels above the requested company (its direct owners are at 1). */
                depth: number;
                /** @description Percent of the requested company held through this company. */
                accumulatedOwnership: number;
            };
        };
        /**
         * @description Why expansion ended. complete: every company reachable (within what was asked) was expanded; insufficient_funds: the balance could not pay for the next company; max_budget: the request's maxBudget left no room; graph_budget: graphMaxBudget left no room; register_unavailable: a register stayed unavailable for the whole retry window; max_depth: companies 10 levels above the requested one are not expanded (continue from them to go on); interactive: graphInteractive stopped after one level; continuation_scope: a continuation request expanded the listed nodes and what lies above them, other companies keep their continuation. When several apply, the first in this list (after complete) is given.
         * @enum {string}
         */
        GraphStopDetail: "complete" | "insufficient_funds" | "max_budget" | "graph_budget" | "register_unavailable" | "max_depth" | "interactive" | "continuation_scope";
        /** @description Fires when the spend over the rolling period reaches `cents`. */
        HighUsageTier: {
            /** @enum {string} */
            tier: "warning" | "critical";
            /** @description Credit cents. */
            cents: number;
        };
        /** @description Fires when the spend over the rolling period reaches `cents`. As requests carry it (`HighUsageTier` is the form responses carry). */
        HighUsageTierInput: {
            /** @enum {string} */
            tier: "warning" | "critical";
            /** @description Credit cents. */
            cents: number;
        };
        IncumbentDataPointPrice: {
            available: boolean;
            /** @description Credit cents, in verification mode (onboarding where only onboarding offers it); 0 when not offered. */
            price: number;
            /** @enum {string} */
            pricingMode: "fixed" | "variable";
        };
        Individual: {
            /** @description Male, Female, Other or PreferNotToSay (the incumbent’s values) where the register says. */
            gender?: string;
            name?: components["schemas"]["PersonName"];
            birthDate?: components["schemas"]["BirthDate"];
            birthAddress?: {
                country?: string;
                city?: string;
                street?: string;
                postalCode?: string;
            };
            /** @description ISO 3166-1 alpha-2. */
            nationality?: string;
            /** @description Where the person lives, when the register publishes it. */
            residenceAddress?: components["schemas"]["Address"];
            /** @description An address for service (correspondence) the register publishes for the person: where documents reach them, often an office, not where they live. Absent from the incumbent document, which has no field for it; never copied into residenceAddress. */
            serviceAddress?: components["schemas"]["Address"];
            identifiers?: {
                type: string;
                value: string;
            }[];
        };
        /** @description As requests carry it (`Individual` is the form responses carry). */
        IndividualInput: {
            /** @description Male, Female, Other or PreferNotToSay (the incumbent’s values) where the register says. */
            gender?: string;
            name?: components["schemas"]["PersonNameInput"];
            birthDate?: components["schemas"]["BirthDateInput"];
            birthAddress?: {
                country?: string;
                city?: string;
                street?: string;
                postalCode?: string;
            };
            /** @description ISO 3166-1 alpha-2. */
            nationality?: string;
            /** @description Where the person lives, when the register publishes it. */
            residenceAddress?: components["schemas"]["AddressInput"];
            /** @description An address for service (correspondence) the register publishes for the person: where documents reach them, often an office, not where they live. Absent from the incumbent document, which has no field for it; never copied into residenceAddress. */
            serviceAddress?: components["schemas"]["AddressInput"];
            identifiers?: {
                type: string;
                value: string;
            }[];
        };
        ItemError: {
            /** @enum {string} */
            code: "resource_not_found" | "service_unavailable" | "processing_failed" | "datapoint_not_supported" | "onboarding_timeout" | "budget_exceeded" | "insufficient_funds";
            message: string;
            retryable: boolean;
            /** @description The register or step that failed. */
            source?: string;
            /** @description With budget_exceeded: what the block would have cost, in credit cents. */
            cost?: number;
        };
        /** @enum {string} */
        ItemStatus: "succeeded" | "in_progress" | "enriching" | "failed";
        JeSandboxRecord: {
            entity: {
                registrationNumber?: string;
                name: string;
                /** @enum {string} */
                type: "Registered Company Private" | "Registered Company Public" | "Limited Partnership" | "Limited Liability Partnership" | "Separate Limited Partnership" | "Incorporated Limited Partnership" | "Incorporated Cell Company" | "Protected Cell Company" | "Foundation";
                /** @enum {string} */
                status: "Active" | "Dissolved" | "Struck Off" | "In Liquidation" | "Cancelled" | "Wound Up" | "Removed";
                registeredOn: string;
                /** @default [] */
                previousNames?: {
                    name: string;
                    from?: string;
                    to?: string;
                }[];
            };
            report?: {
                /** @default {} */
                registeredOffice?: {
                    addressLine1?: string;
                    addressLine2?: string;
                    city?: string;
                    postalCode?: string;
                };
                capital?: {
                    amount: number;
                    /** @default GBP */
                    currency?: string;
                    issuedShares?: number;
                };
                /** @default [] */
                directors?: {
                    name: string;
                    /** @enum {string} */
                    kind: "individual" | "corporate";
                    appointedOn: string;
                    /** @description As the report writes it: British, French… (or an ISO alpha-2 code). */
                    nationality?: string;
                    birthMonth?: number;
                    birthYear?: number;
                    address?: string;
                }[];
                secretary?: {
                    name: string;
                    /** @enum {string} */
                    kind: "individual" | "corporate";
                };
                /**
                 * @description Empty when the shareholders are not disclosed.
                 * @default []
                 */
                shareholders?: {
                    name: string;
                    /** @enum {string} */
                    kind: "individual" | "corporate";
                    shares: number;
                    /** @default Ordinary */
                    shareClass?: string;
                }[];
            };
        };
        LegalForm: {
            localName?: string;
            englishTranslation?: string;
            vendorStandard?: string;
            standardized?: string;
            /** @description ISO 20275 Entity Legal Form code, from the GLEIF ELF list. */
            iso20275Code?: string;
            isAIEnriched?: boolean;
        };
        /** @description As requests carry it (`LegalForm` is the form responses carry). */
        LegalFormInput: {
            localName?: string;
            englishTranslation?: string;
            vendorStandard?: string;
            standardized?: string;
            /** @description ISO 20275 Entity Legal Form code, from the GLEIF ELF list. */
            iso20275Code?: string;
            isAIEnriched?: boolean;
        };
        LegalRepresentative: {
            /** @enum {string} */
            type: "individual" | "company";
            /** @description Stable id of this person or company within the response. */
            entityId?: string;
            role?: components["schemas"]["Role"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            startDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
            individual?: components["schemas"]["Individual"];
            company?: components["schemas"]["CompanyReference"];
            /** @description The natural person acting for a company representative. */
            representedBy?: components["schemas"]["Individual"];
            representationMode?: components["schemas"]["RepresentationMode"];
        };
        /** @description As requests carry it (`LegalRepresentative` is the form responses carry). */
        LegalRepresentativeInput: {
            /** @enum {string} */
            type: "individual" | "company";
            /** @description Stable id of this person or company within the response. */
            entityId?: string;
            role?: components["schemas"]["RoleInput"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            startDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
            individual?: components["schemas"]["IndividualInput"];
            company?: components["schemas"]["CompanyReferenceInput"];
            /** @description The natural person acting for a company representative. */
            representedBy?: components["schemas"]["IndividualInput"];
            representationMode?: components["schemas"]["RepresentationModeInput"];
        };
        /** @description Fires when the balance drops to or below `cents`. */
        LowBalanceTier: {
            /** @enum {string} */
            tier: "warning" | "critical" | "depleted";
            /** @description Credit cents. */
            cents: number;
        };
        /** @description Fires when the balance drops to or below `cents`. As requests carry it (`LowBalanceTier` is the form responses carry). */
        LowBalanceTierInput: {
            /** @enum {string} */
            tier: "warning" | "critical" | "depleted";
            /** @description Credit cents. */
            cents: number;
        };
        /** @enum {string} */
        MatchType: "id" | "exactLegalName" | "partialId" | "previousName" | "default";
        /** @description String pairs. At most 50 keys are kept; keys longer than 40 characters are skipped; values longer than 500 characters are truncated. */
        Metadata: {
            [key: string]: string;
        };
        /** @enum {string} */
        Mode: "onboarding" | "verification";
        Money: {
            amount: number;
            /** @description ISO 4217 currency code. */
            currency: string;
            formatted?: string;
        };
        /** @description As requests carry it (`Money` is the form responses carry). */
        MoneyInput: {
            amount: number;
            /** @description ISO 4217 currency code. */
            currency: string;
            formatted?: string;
        };
        Monitor: {
            /** @description CUID. */
            id: string;
            companyId: string;
            countryCode: string;
            /** @description Legal name at the latest check; null before the first check. */
            companyName: string | null;
            /** @description When this monitor’s company was last checked (the incumbent’s name); null before. */
            lastFetchedAt: string | null;
            /** @enum {string} */
            status: "active" | "deactivated";
            metadata: components["schemas"]["Metadata"];
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description ISO 8601 UTC timestamp. */
            lastCheckedAt?: string;
            /** @description When the company is checked next; only on an active monitor of a company still in its register. Every company is checked daily; for a register with a change feed (GB: the streaming API; US-NY: the daily snapshot) this is the next read of the feed when that comes first, and the company is checked then when the register reported a change to it. */
            nextCheckAt?: string;
            /** @description ISO 8601 UTC timestamp. */
            deactivatedAt?: string;
        };
        MonitorCreate: {
            companyId: string;
            countryCode: components["schemas"]["SearchCountry"];
            /** @description String pairs. At most 50 keys are kept; keys longer than 40 characters are skipped; values longer than 500 characters are truncated. */
            metadata?: {
                [key: string]: string;
            };
        };
        MonitorLog: {
            id: string;
            changeDetected: boolean;
            changeCategories: components["schemas"]["ChangeCategory"][];
            /** @enum {string} */
            fetchStatus: "success" | "not_found" | "error" | "error_final";
            errorMessage?: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /**
             * @description How the check knew: `register`, the company was read at its register (for `error`, the read tried); `changeFeed`, the register publishes its changes (GB’s streaming API, US-NY’s daily snapshot), its feed was complete past the check’s due time and did not name the company, so the last register read stands, unchanged, without a call. A company is read at its register at least every 30 days even while its feed confirms it. Absent on checks logged before this was kept.
             * @enum {string}
             */
            readFrom?: "register" | "changeFeed";
        };
        MonitorLogList: {
            logs: components["schemas"]["MonitorLog"][];
            hasNextPage: boolean;
            /** @description Pass as `after` for the next page; absent on the last page. */
            nextCursor?: string;
        };
        MonitorNotification: {
            /** @constant */
            type: "monitor.notification";
            monitorId: string;
            companyId: string;
            countryCode: string;
            /** @description ISO 8601 UTC timestamp. */
            timestamp: string;
            changeCategories: components["schemas"]["ChangeCategory"][];
            monitorHasBeenDeactivated: boolean;
            metadata: components["schemas"]["Metadata"];
            changes: components["schemas"]["FieldChange"][];
        };
        MtSandboxRecord: {
            company: {
                registrationNumber?: string;
                uuid?: string;
                name: string;
                /** @description Limited Liability Company, Partnership en Nom Collectif, Partnership en Commandite, Overseas Company, Sole Trader, Cooperative, Foundation, … */
                type: string;
                /** @description Private Exempt, Public Non-Exempt, Investment Company with Variable Share Capital (SICAV), Cell Company, … */
                subtype?: string;
                /** @description Ltd., P.L.C.; absent for partnerships. */
                suffix?: string;
                /** @description Active, Struck Off, Dissolved, In Liquidation, Defunct, Removed, Being Struck Off, Being Wound Up. */
                state: string;
                stateEffectiveDate?: string;
                registrationDate?: string;
                registeredOffice?: {
                    street?: string;
                    locality?: string;
                    postcode?: string;
                    country?: string;
                };
                authorisedCapital?: number;
                issuedCapital?: number;
                /** @default EUR */
                currency?: string;
            };
            /** @default [] */
            involvements?: {
                /** @description The register’s involvement type: Director, Legal Representative, Judicial Representative, Secretary, Auditor, Subscriber, Shareholder, … */
                role: string;
                name: string;
                isLegalEntity: boolean;
                idCardNumber?: string;
                registrationNumber?: string;
                nationality?: string;
                address?: {
                    street?: string;
                    locality?: string;
                    postcode?: string;
                    country?: string;
                };
                appointedOn?: string;
                shares?: {
                    type?: string;
                    class?: string;
                    issued?: number;
                    /** @description Percentage paid up. */
                    paidUp?: number;
                    nominalValue?: number;
                };
            }[];
            /** @default [] */
            documents?: {
                fileId: string;
                date: string;
                title: string;
                /** @default 1 */
                documentsInFile?: number;
                documentYear?: number;
            }[];
        };
        NamedAddress: {
            /** @description The party the register names at this address (agent, office, "THE CORPORATION"). */
            name?: string;
            address?: components["schemas"]["Address"];
        };
        /** @description As requests carry it (`NamedAddress` is the form responses carry). */
        NamedAddressInput: {
            /** @description The party the register names at this address (agent, office, "THE CORPORATION"). */
            name?: string;
            address?: components["schemas"]["AddressInput"];
        };
        /**
         * @description Countries of the deprecated onboarding route (spec §4.4), plus TEST.
         * @enum {string}
         */
        OnboardingCountry: "AT" | "BE" | "BG" | "CH" | "CN" | "CZ" | "CY" | "DE" | "DK" | "EE" | "ES" | "FI" | "FR" | "GB" | "GG" | "GR" | "HK" | "HR" | "HU" | "IE" | "IS" | "IT" | "JE" | "LI" | "LU" | "LV" | "MC" | "MT" | "MU" | "NL" | "NO" | "PL" | "PT" | "RO" | "SE" | "SG" | "SI" | "SK" | "VG" | "TEST";
        OnboardingRequest: {
            id?: string;
            countryCode?: components["schemas"]["OnboardingCountry"];
            dataPoints?: "companyProfile"[];
            /** @description String pairs. At most 50 keys are kept; keys longer than 40 characters are skipped; values longer than 500 characters are truncated. */
            metadata?: {
                [key: string]: string;
            };
            /** @description Alone: re-reads that earlier request’s latest result. */
            requestId?: string;
        };
        OnboardingResponse: {
            request: {
                countryCode: string;
                dataPoints: components["schemas"]["DataPoint"][];
                documents: string[];
                companyId: string;
                requestId: string;
                mode: components["schemas"]["Mode"];
                dataStatus: {
                    dataPoints: {
                        [key: string]: components["schemas"]["DataStatusEntry"];
                    };
                    documents: {
                        [key: string]: components["schemas"]["DataStatusEntry"];
                    };
                };
                metadata: components["schemas"]["Metadata"];
                enrichmentReport?: string;
                companyLegalName?: string;
                /** @description The workspace the request was made for (`x-topograph-workspace` header); without one, the account that made it. */
                workspace?: {
                    id: string;
                    name?: string;
                    legalName?: string;
                };
                /** @description ISO 8601 UTC timestamp. */
                createdAt: string;
                /** @description ISO 8601 UTC timestamp. */
                updatedAt: string;
                country: string;
            };
            company?: components["schemas"]["Company"];
            ultimateBeneficialOwners?: components["schemas"]["UltimateBeneficialOwner"][];
            legalRepresentatives?: components["schemas"]["LegalRepresentative"][];
            shareholders?: components["schemas"]["Shareholder"][];
            subsidiaries?: components["schemas"]["Subsidiary"][];
            establishments?: components["schemas"]["Establishment"][];
            otherKeyPersons?: components["schemas"]["OtherKeyPerson"][];
            graph?: components["schemas"]["Graph"];
            documents?: components["schemas"]["Documents"];
            availableDocuments?: components["schemas"]["AvailableDocument"][];
            companyRelationships?: components["schemas"]["CompanyRelationship"][];
            dataSources?: components["schemas"]["DataSources"];
            enrichmentReport?: string;
        };
        /** @description A person without signing authority: board member, auditor, secretary… */
        OtherKeyPerson: {
            /** @enum {string} */
            type: "individual" | "company";
            /** @description Stable id of this person or company within the response. */
            entityId?: string;
            role?: components["schemas"]["Role"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            startDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
            individual?: components["schemas"]["Individual"];
            company?: components["schemas"]["CompanyReference"];
        };
        /** @description A person without signing authority: board member, auditor, secretary… As requests carry it (`OtherKeyPerson` is the form responses carry). */
        OtherKeyPersonInput: {
            /** @enum {string} */
            type: "individual" | "company";
            /** @description Stable id of this person or company within the response. */
            entityId?: string;
            role?: components["schemas"]["RoleInput"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            startDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
            individual?: components["schemas"]["IndividualInput"];
            company?: components["schemas"]["CompanyReferenceInput"];
        };
        PersonName: {
            fullName?: string;
            firstName?: string;
            lastName?: string;
        };
        /** @description As requests carry it (`PersonName` is the form responses carry). */
        PersonNameInput: {
            fullName?: string;
            firstName?: string;
            lastName?: string;
        };
        Pricing: {
            company: components["schemas"]["IncumbentDataPointPrice"];
            companyProfile: components["schemas"]["IncumbentDataPointPrice"];
            legalRepresentatives: components["schemas"]["IncumbentDataPointPrice"];
            otherKeyPersons: components["schemas"]["IncumbentDataPointPrice"];
            establishments: components["schemas"]["IncumbentDataPointPrice"];
            shareholders: components["schemas"]["IncumbentDataPointPrice"];
            subsidiaries: components["schemas"]["IncumbentDataPointPrice"];
            ultimateBeneficialOwners: components["schemas"]["IncumbentDataPointPrice"];
            availableDocuments: components["schemas"]["IncumbentDataPointPrice"];
            graph: components["schemas"]["IncumbentDataPointPrice"];
            countryCode: string;
            /** @constant */
            currency: "credit_cents";
            blocks: {
                sku: string;
                datapoints: components["schemas"]["DataPoint"][];
                modes: {
                    onboarding: number | null;
                    verification: number | null;
                };
                authoritative: {
                    onboarding: boolean;
                    verification: boolean;
                };
                /** @description Document types that are free when this block was requested or deduplicated. */
                includedDocuments: string[];
                /** @enum {string} */
                pricingMode: "fixed" | "variable";
                /** @description How long a charge of this unit covers the same unit again for the same company and account (milliseconds). */
                dedupWindowMs: number;
            }[];
            documents: {
                type: string;
                category: components["schemas"]["DocumentCategory"];
                price: number;
                /** @enum {string} */
                pricingMode: "fixed" | "variable";
                /** @description How long a charge of this unit covers the same unit again for the same company and account (milliseconds). */
                dedupWindowMs: number;
            }[];
            /** @description Per data point, the price of the block that covers it; the same charge when several share one block. */
            datapoints: {
                [key: string]: {
                    available: boolean;
                    /** @description The lowest price of the data point, in the mode `mode` names. */
                    price: number | null;
                    /** @enum {string} */
                    pricingMode: "fixed" | "variable";
                    /** @description The mode `price` is for: the cheaper mode that offers the data point (onboarding on a tie); null when none does. */
                    mode: ("onboarding" | "verification") | null;
                    /** @description The price in each mode (null: not offered in that mode), as the block that covers the data point. */
                    modes: {
                        onboarding: number | null;
                        verification: number | null;
                    };
                    /** @description The block that covers the data point; data points of one block share one charge, shown on the first of the block that the request asks for. */
                    sku: string | null;
                };
            };
            monitoring: {
                available: boolean;
                price: number;
            };
            /** @description The agentic enrichment step: charged per request only when it adds a derived value or a finding; deduplicated within 24 hours. */
            agenticEnrichment: {
                available: boolean;
                sku?: string;
                price: number | null;
            };
        };
        RepresentationMode: {
            /** @description `sole`, or `joint` when several signatories must act together. */
            mode?: string;
            minimumSignatories?: number;
            namedCoSigners?: string[];
        };
        /** @description As requests carry it (`RepresentationMode` is the form responses carry). */
        RepresentationModeInput: {
            /** @description `sole`, or `joint` when several signatories must act together. */
            mode?: string;
            minimumSignatories?: number;
            namedCoSigners?: string[];
        };
        Request: {
            countryCode: string;
            dataPoints: components["schemas"]["DataPoint"][];
            documents: string[];
            companyId: string;
            requestId: string;
            mode: components["schemas"]["Mode"];
            dataStatus: {
                dataPoints: {
                    [key: string]: components["schemas"]["DataStatusEntry"];
                };
                documents: {
                    [key: string]: components["schemas"]["DataStatusEntry"];
                };
            };
            metadata: components["schemas"]["Metadata"];
            enrichmentReport?: string;
            companyLegalName?: string;
            /** @description The workspace the request was made for (`x-topograph-workspace` header); without one, the account that made it. */
            workspace?: {
                id: string;
                name?: string;
                legalName?: string;
            };
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description ISO 8601 UTC timestamp. */
            updatedAt: string;
        };
        Role: {
            /** @description Director, Board Member, Secretary, Auditor, Subscriber, Chief Executive Officer or Other. */
            standardized?: string;
            localName?: string;
            englishTranslation?: string;
            /** @description ISO 5009 official role code (legal representatives). */
            iso5009Code?: string;
            vendorStandard?: string;
        };
        /** @description As requests carry it (`Role` is the form responses carry). */
        RoleInput: {
            /** @description Director, Board Member, Secretary, Auditor, Subscriber, Chief Executive Officer or Other. */
            standardized?: string;
            localName?: string;
            englishTranslation?: string;
            /** @description ISO 5009 official role code (legal representatives). */
            iso5009Code?: string;
            vendorStandard?: string;
        };
        RunChecksResult: {
            /** @description Monitors whose check was recorded. */
            checked: number;
            /** @description Monitors that saw a change (each got a `monitor.notification`). */
            changed: number;
            /** @description Monitors deactivated because their company disappeared. */
            deactivated: number;
            /** @description Monitors whose check failed at the register (logged `error` or `error_final`). */
            failed: number;
        };
        SandboxBehaviour: {
            latencyMs?: number | {
                search?: number;
                profile?: number;
                documents?: number;
            };
            /** @description How many next calls fail as unavailable. */
            failTimes?: number;
            /** @description Every call fails as unavailable. */
            unavailable?: boolean;
            /** @description Every call answers not found. */
            notFound?: boolean;
        };
        /**
         * @description ISO 3166-1 alpha-2 country, a US state register (US-XX) or TEST, the deterministic sandbox register.
         * @enum {string}
         */
        SearchCountry: "AT" | "BE" | "BG" | "CH" | "CN" | "CZ" | "CY" | "DE" | "DK" | "EE" | "ES" | "FI" | "FR" | "GB" | "GG" | "GR" | "HK" | "HR" | "HU" | "IE" | "IS" | "IT" | "JE" | "LI" | "LU" | "LV" | "MC" | "MT" | "MU" | "NL" | "NO" | "PL" | "PT" | "RO" | "RU" | "SE" | "SG" | "SI" | "SK" | "VG" | "US-FL" | "US-CO" | "US-IL" | "US-MA" | "US-MD" | "US-MI" | "US-NJ" | "US-NY" | "US-OH" | "US-TX" | "US-DE" | "US-WA" | "US-TN" | "US-WY" | "US-GA" | "US-MN" | "US-MO" | "US-NV" | "US-PA" | "US-CT" | "US-UT" | "US-IA" | "US-AZ" | "US-VA" | "US-MS" | "US-CA" | "US-OR" | "US-KY" | "US-NE" | "US-NC" | "US-AR" | "US-WI" | "US-SC" | "TEST";
        SearchResult: {
            id: string;
            legalName: string;
            /** @description ISO 3166-1 alpha-2 code, a US state register (US-XX) or TEST. */
            countryCode: string;
            address: components["schemas"]["Address"];
            matchReason: {
                matchType: components["schemas"]["MatchType"];
                /** @description The identifier that matched, for `id` and `partialId`. */
                identifier?: string;
                /** @description The former or assumed name that matched, for `previousName`. */
                matchedName?: string;
            };
            legalNameInEnglish?: string;
            companyNameTransliterations?: string[];
            status?: {
                localName?: string;
                active?: boolean;
            };
            /** @description Relevance within the match type, 0 to 1. */
            score?: number;
        };
        SearchResults: components["schemas"]["SearchResult"][];
        Shareholder: {
            /** @enum {string} */
            type: "individual" | "company";
            entityId?: string;
            individual?: components["schemas"]["Individual"];
            company?: components["schemas"]["CompanyReference"];
            sharePercentage?: number;
            /** @description Where the register publishes a band of holdings rather than a holding (GB: more than 25 % and at most 50 %): the band, whose lower bound is `sharePercentage`. */
            sharePercentageRange?: {
                lower: number;
                upper: number;
            };
            numberOfShares?: number;
            nominalCapitalHeld?: components["schemas"]["Money"];
            paidInAmount?: components["schemas"]["Money"];
            source?: string;
        };
        /** @description As requests carry it (`Shareholder` is the form responses carry). */
        ShareholderInput: {
            /** @enum {string} */
            type: "individual" | "company";
            entityId?: string;
            individual?: components["schemas"]["IndividualInput"];
            company?: components["schemas"]["CompanyReferenceInput"];
            sharePercentage?: number;
            /** @description Where the register publishes a band of holdings rather than a holding (GB: more than 25 % and at most 50 %): the band, whose lower bound is `sharePercentage`. */
            sharePercentageRange?: {
                lower: number;
                upper: number;
            };
            numberOfShares?: number;
            nominalCapitalHeld?: components["schemas"]["MoneyInput"];
            paidInAmount?: components["schemas"]["MoneyInput"];
            source?: string;
        };
        Source: {
            /**
             * @description not_available: the source was read but gives nothing for this block (not extracted, not published, not disclosed); an empty list then does not mean "none", and documents[].reason says why. Under any other type an empty list is the register saying there are none.
             * @enum {string}
             */
            type: "live_from_registry" | "cached_from_registry" | "inferred" | "ai_analysis" | "not_available";
            /** @description The register (or inference step) the value comes from. */
            register: string;
            /** @description ISO 8601 UTC timestamp. */
            retrievedAt?: string;
            documents?: {
                name: string;
                date?: string;
                reason?: string;
            }[];
        };
        Subsidiary: {
            company: components["schemas"]["CompanyReference"];
            entityId?: string;
            sharePercentage?: number;
            totalSharePercentage?: number;
            votingRightsPercentage?: number;
            numberOfShares?: number;
            nominalCapitalHeld?: components["schemas"]["Money"];
            paidInAmount?: components["schemas"]["Money"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            acquisitionDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
        };
        /** @description As requests carry it (`Subsidiary` is the form responses carry). */
        SubsidiaryInput: {
            company: components["schemas"]["CompanyReferenceInput"];
            entityId?: string;
            sharePercentage?: number;
            totalSharePercentage?: number;
            votingRightsPercentage?: number;
            numberOfShares?: number;
            nominalCapitalHeld?: components["schemas"]["MoneyInput"];
            paidInAmount?: components["schemas"]["MoneyInput"];
            /** @description ISO 8601 date, YYYY-MM-DD. */
            acquisitionDate?: string;
            /** @description ISO 8601 date, YYYY-MM-DD. */
            endDate?: string;
        };
        TaxId: {
            /** @description For example eu_vat. */
            type?: string;
            value: string;
            country?: string;
            verification?: {
                /** @description `verified` (the authority has the number) or `unverified` (it answered that it does not); the incumbent’s values. */
                status?: string;
                /** @description ISO 8601 UTC timestamp. */
                verifiedAt?: string;
                verifiedName?: string;
                verifiedAddress?: string;
                consultationNumber?: string;
            };
        };
        /** @description As requests carry it (`TaxId` is the form responses carry). */
        TaxIdInput: {
            /** @description For example eu_vat. */
            type?: string;
            value: string;
            country?: string;
            verification?: {
                /** @description `verified` (the authority has the number) or `unverified` (it answered that it does not); the incumbent’s values. */
                status?: string;
                /** @description ISO 8601 UTC timestamp. */
                verifiedAt?: string;
                verifiedName?: string;
                verifiedAddress?: string;
                consultationNumber?: string;
            };
        };
        TestSandboxRecord: {
            company?: {
                /** @description ISO 3166-1 alpha-2 code, a US state register (US-XX) or TEST. */
                countryCode?: string;
                /** @description The company id in its register; search always returns a usable one. */
                id?: string;
                /** @description Keys vary by register, e.g. registrationNumber, dosId, uuid, "Unified Social Credit Code". */
                identifiers?: {
                    [key: string]: string;
                };
                taxId?: components["schemas"]["TaxIdInput"];
                legalName?: string;
                legalNameInEnglish?: string;
                commercialNames?: string[];
                legacyLegalNames?: string[];
                legacyCommercialNames?: string[];
                companyNameTransliterations?: string[];
                status?: components["schemas"]["CompanyStatusInput"];
                /** @description ISO 8601 date, YYYY-MM-DD. */
                registrationDate?: string;
                /** @description ISO 8601 date, YYYY-MM-DD. */
                incorporationDate?: string;
                legalForm?: components["schemas"]["LegalFormInput"];
                capital?: components["schemas"]["MoneyInput"];
                activities?: components["schemas"]["ActivitiesInput"];
                activityDescription?: string;
                legalAddress?: components["schemas"]["AddressInput"];
                phones?: string[];
                website?: string;
                employeeCount?: components["schemas"]["EmployeeCountInput"];
                /** @description US state registers only (US-NY): register details beyond the common profile. */
                usState?: components["schemas"]["UsStateDetailsInput"];
            };
            legalRepresentatives?: components["schemas"]["LegalRepresentativeInput"][];
            otherKeyPersons?: components["schemas"]["OtherKeyPersonInput"][];
            shareholders?: components["schemas"]["ShareholderInput"][];
            subsidiaries?: components["schemas"]["SubsidiaryInput"][];
            ultimateBeneficialOwners?: components["schemas"]["UltimateBeneficialOwnerInput"][];
            establishments?: components["schemas"]["EstablishmentInput"][];
            companyRelationships?: components["schemas"]["CompanyRelationshipInput"][];
            availableDocuments?: components["schemas"]["AvailableDocumentInput"][];
        };
        UltimateBeneficialOwner: {
            /** @description Male, Female, Other or PreferNotToSay (the incumbent’s values) where the register says. */
            gender?: string;
            name?: components["schemas"]["PersonName"];
            birthDate?: components["schemas"]["BirthDate"];
            birthAddress?: {
                country?: string;
                city?: string;
                street?: string;
                postalCode?: string;
            };
            /** @description ISO 3166-1 alpha-2. */
            nationality?: string;
            /** @description Where the person lives, when the register publishes it. */
            residenceAddress?: components["schemas"]["Address"];
            /** @description An address for service (correspondence) the register publishes for the person: where documents reach them, often an office, not where they live. Absent from the incumbent document, which has no field for it; never copied into residenceAddress. */
            serviceAddress?: components["schemas"]["Address"];
            identifiers?: {
                type: string;
                value: string;
            }[];
            entityId?: string;
            control?: {
                controlType?: string;
                /** @description The incumbent’s control types, beside `controlType` (the specification’s). */
                types?: ("ownership-of-shares" | "voting-rights" | "appoint-and-remove-directors" | "significant-influence-or-control")[];
                description?: string;
                percentageDetails?: {
                    type?: string;
                    range?: {
                        lower?: number;
                        upper?: number;
                    };
                }[];
                additionalDetails?: string;
            };
        };
        /** @description As requests carry it (`UltimateBeneficialOwner` is the form responses carry). */
        UltimateBeneficialOwnerInput: {
            /** @description Male, Female, Other or PreferNotToSay (the incumbent’s values) where the register says. */
            gender?: string;
            name?: components["schemas"]["PersonNameInput"];
            birthDate?: components["schemas"]["BirthDateInput"];
            birthAddress?: {
                country?: string;
                city?: string;
                street?: string;
                postalCode?: string;
            };
            /** @description ISO 3166-1 alpha-2. */
            nationality?: string;
            /** @description Where the person lives, when the register publishes it. */
            residenceAddress?: components["schemas"]["AddressInput"];
            /** @description An address for service (correspondence) the register publishes for the person: where documents reach them, often an office, not where they live. Absent from the incumbent document, which has no field for it; never copied into residenceAddress. */
            serviceAddress?: components["schemas"]["AddressInput"];
            identifiers?: {
                type: string;
                value: string;
            }[];
            entityId?: string;
            control?: {
                controlType?: string;
                /** @description The incumbent’s control types, beside `controlType` (the specification’s). */
                types?: ("ownership-of-shares" | "voting-rights" | "appoint-and-remove-directors" | "significant-influence-or-control")[];
                description?: string;
                percentageDetails?: {
                    type?: string;
                    range?: {
                        lower?: number;
                        upper?: number;
                    };
                }[];
                additionalDetails?: string;
            };
        };
        /** @description A GetEntityRecordByID answer of the NY portal, with the filing history the portal lists for the entity. */
        UsNySandboxLiveRecord: {
            requestStatus?: string | null;
            resultIndicator?: string | null;
            entityGeneralInfo?: ({
                dosID: string | number;
                entityName: string;
                entityType?: string | null;
                entityStatus?: string | null;
                reasonForStatus?: string | null;
                inactiveDate?: string | null;
                dateOfInitialDosFiling?: string | null;
                effectiveDateInitialFiling?: string | null;
                foreignFormationDate?: string | null;
                foreignLegalName?: string | null;
                durationDate?: string | null;
                sectionofLaw?: string | null;
                statementStatus?: string | null;
                nextStatementDueDate?: string | null;
                county?: string | null;
                jurisdiction?: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            sopAddress?: ({
                name?: string | null;
                address?: ({
                    streetAddress?: string | null;
                    addressLine2?: string | null;
                    city?: string | null;
                    state?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
            } & {
                [key: string]: unknown;
            }) | null;
            ceo?: ({
                name?: string | null;
                address?: ({
                    streetAddress?: string | null;
                    addressLine2?: string | null;
                    city?: string | null;
                    state?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
            } & {
                [key: string]: unknown;
            }) | null;
            registeredAgent?: ({
                name?: string | null;
                address?: ({
                    streetAddress?: string | null;
                    addressLine2?: string | null;
                    city?: string | null;
                    state?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
            } & {
                [key: string]: unknown;
            }) | null;
            poExecAddress?: ({
                name?: string | null;
                address?: ({
                    streetAddress?: string | null;
                    addressLine2?: string | null;
                    city?: string | null;
                    state?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
            } & {
                [key: string]: unknown;
            }) | null;
            locationAddress?: ({
                name?: string | null;
                address?: ({
                    streetAddress?: string | null;
                    addressLine2?: string | null;
                    city?: string | null;
                    state?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
            } & {
                [key: string]: unknown;
            }) | null;
            stockShareInfoList?: ({
                stockTypeDescriptor?: string | null;
                quantity?: number | string | null;
                stockValue?: number | string | null;
            } & {
                [key: string]: unknown;
            })[] | null;
            /** @description The filings GetFilingHistoryByID answers for the company, e.g. {fileDate, documentType: "CERTIFICATE OF MERGER", amendmentDescription: "MERGER OF ACME INC. (DOS ID 1234567) INTO …"}. */
            filingHistoryResultList?: ({
                fileDate?: string | null;
                effectiveDate?: string | null;
                certCode?: string | null;
                documentType?: string | null;
                pageCount?: number | string | null;
                fileNumber?: string | number | null;
                filingDocGUID?: string | null;
                amendmentDescription?: string | null;
                amendmentDescriptionFlag?: boolean | string | null;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        UsNySandboxRecord: {
            snapshot: {
                dos_id: string;
                current_entity_name: string;
                initial_dos_filing_date?: string;
                county?: string;
                jurisdiction?: string;
                entity_type?: string;
                dos_process_name?: string;
                dos_process_address_1?: string;
                dos_process_address_2?: string;
                dos_process_city?: string;
                dos_process_state?: string;
                dos_process_zip?: string;
                chairman_name?: string;
                chairman_address_1?: string;
                chairman_address_2?: string;
                chairman_city?: string;
                chairman_state?: string;
                chairman_zip?: string;
                registered_agent_name?: string;
                registered_agent_address_1?: string;
                registered_agent_address_2?: string;
                registered_agent_city?: string;
                registered_agent_state?: string;
                registered_agent_zip?: string;
                location_name?: string;
                location_address_1?: string;
                location_address_2?: string;
                location_city?: string;
                location_state?: string;
                location_zip?: string;
                nameHistory?: {
                    corp_name: string;
                    /** @description ENTITY (a legal name) or ASSUMED (a d/b/a). */
                    name_type: string;
                    /** @description "A" for the current name, anything else for a former one. */
                    name_status: string;
                    date_filed?: string;
                }[];
            };
            live?: components["schemas"]["UsNySandboxLiveRecord"];
        };
        /** @description Register details of US state registers (US-NY). */
        UsStateDetails: {
            /** @description State or country the entity was formed in, as the register writes it (NEW YORK, DELAWARE). */
            jurisdictionOfFormation?: string;
            /** @description County of the entity's office in the state. */
            county?: string;
            /** @description A foreign entity's name in its jurisdiction of formation, when it differs. */
            foreignLegalName?: string;
            /** @description When a foreign entity was formed in its jurisdiction. */
            foreignFormationDate?: string;
            /** @description Date the entity's existence ends, or PERPETUAL. */
            durationDate?: string;
            /** @description The statute the entity was formed or authorised under, e.g. 402 BCL - BUSINESS CORPORATION LAW. */
            sectionOfLaw?: string;
            /** @description Whether the biennial statement is filed: CURRENT or PAST DUE. */
            statementStatus?: string;
            /** @description When the next biennial statement is due (verification mode). */
            nextBiennialStatementDueDate?: string;
            /** @description Shares the entity may issue, per class (verification mode; corporations). */
            authorizedStock?: components["schemas"]["AuthorizedStock"][];
            /** @description The four separated addresses of the register (verification mode). */
            addresses?: {
                /** @description Where the Department of State mails process served on the entity. */
                serviceOfProcess?: components["schemas"]["NamedAddress"];
                /** @description The registered agent, when the entity designated one. */
                registeredAgent?: components["schemas"]["NamedAddress"];
                /** @description The principal executive office (corporations). */
                principalExecutiveOffice?: components["schemas"]["NamedAddress"];
                /** @description The entity's own location. */
                entityLocation?: components["schemas"]["NamedAddress"];
            };
        };
        /** @description Register details of US state registers (US-NY). As requests carry it (`UsStateDetails` is the form responses carry). */
        UsStateDetailsInput: {
            /** @description State or country the entity was formed in, as the register writes it (NEW YORK, DELAWARE). */
            jurisdictionOfFormation?: string;
            /** @description County of the entity's office in the state. */
            county?: string;
            /** @description A foreign entity's name in its jurisdiction of formation, when it differs. */
            foreignLegalName?: string;
            /** @description When a foreign entity was formed in its jurisdiction. */
            foreignFormationDate?: string;
            /** @description Date the entity's existence ends, or PERPETUAL. */
            durationDate?: string;
            /** @description The statute the entity was formed or authorised under, e.g. 402 BCL - BUSINESS CORPORATION LAW. */
            sectionOfLaw?: string;
            /** @description Whether the biennial statement is filed: CURRENT or PAST DUE. */
            statementStatus?: string;
            /** @description When the next biennial statement is due (verification mode). */
            nextBiennialStatementDueDate?: string;
            /** @description Shares the entity may issue, per class (verification mode; corporations). */
            authorizedStock?: components["schemas"]["AuthorizedStockInput"][];
            /** @description The four separated addresses of the register (verification mode). */
            addresses?: {
                /** @description Where the Department of State mails process served on the entity. */
                serviceOfProcess?: components["schemas"]["NamedAddressInput"];
                /** @description The registered agent, when the entity designated one. */
                registeredAgent?: components["schemas"]["NamedAddressInput"];
                /** @description The principal executive office (corporations). */
                principalExecutiveOffice?: components["schemas"]["NamedAddressInput"];
                /** @description The entity's own location. */
                entityLocation?: components["schemas"]["NamedAddressInput"];
            };
        };
        WebhookDeliveryAttempt: {
            id: string;
            /** @description The `webhook-id` header: one per event, the same on every attempt and endpoint. */
            messageId: string;
            /** @description `company.updated` or `monitor.notification`. */
            eventType: string;
            /** @description 1 for the first attempt of this message at this endpoint, counting manual retries. */
            attempt: number;
            /** @enum {string} */
            trigger: "scheduled" | "manual";
            /**
             * @description succeeded: the endpoint answered 2xx.
             * @enum {string}
             */
            status: "succeeded" | "failed";
            /** @description Absent when no answer came (connection error, timeout). */
            responseStatus?: number;
            /** @description The start of the endpoint's answer (its first 1 KiB, as text), to see why it refused; absent when it answered nothing. */
            responseBody?: string;
            error?: string;
            /** @description When the next automatic attempt is due, after a failed scheduled one. */
            nextAttemptAt?: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
        };
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDeliveryAttempt"][];
            hasNextPage: boolean;
            nextCursor?: string;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            description?: string;
            /**
             * @description `disabled` once the endpoint answered 410 Gone: it receives nothing more; create a new one.
             * @enum {string}
             */
            status: "enabled" | "disabled";
            disabledReason?: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
        };
        WebhookEndpointCreate: {
            /**
             * Format: uri
             * @description Where events are POSTed. http or https. With REGISTERS=live, hosts that are or resolve to loopback, private, link-local or unique-local addresses are refused; the sandbox allows loopback and private networks.
             */
            url: string;
            description?: string;
        };
        WebhookEndpointCreated: {
            id: string;
            url: string;
            description?: string;
            /**
             * @description `disabled` once the endpoint answered 410 Gone: it receives nothing more; create a new one.
             * @enum {string}
             */
            status: "enabled" | "disabled";
            disabledReason?: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description `whsec_` + base64 of 32 random bytes; verify deliveries with any Standard Webhooks library. Shown once. */
            secret: string;
        };
        WebhookEndpointList: {
            endpoints: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookSecretRotated: {
            /** @description `whsec_` + base64 of 32 random bytes; verify deliveries with any Standard Webhooks library. Shown once. */
            secret: string;
            /** @description Until then (service clock) the previous secret signs too, beside the new one. */
            previousSecretExpiresAt: string;
        };
        WebhookTestEventSent: {
            /** @description The `webhook-id` of the test message; its attempts are in the delivery log. */
            messageId: string;
        };
        Workspace: {
            id: string;
            name: string;
            legalName: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description ISO 8601 UTC timestamp. */
            updatedAt: string;
        };
        WorkspaceBillingNotificationView: {
            accountConfig: components["schemas"]["BillingNotificationConfig"];
            workspaceOverride: components["schemas"]["WorkspaceBillingOverride"] | null;
        };
        /** @description null: inherited from the account. */
        WorkspaceBillingOverride: {
            id: string;
            workspaceId: string;
            /** @description ISO 8601 UTC timestamp. */
            createdAt: string;
            /** @description ISO 8601 UTC timestamp. */
            updatedAt: string;
            highUsageEnabled: boolean | null;
            highUsageEmailEnabled: boolean | null;
            highUsageWebhookEnabled: boolean | null;
            highUsagePeriodMinutes: number | null;
            highUsageTiers: components["schemas"]["HighUsageTier"][] | null;
        };
        /** @description The workspace’s own high-usage settings; the others inherit. */
        WorkspaceBillingOverrideUpdate: {
            highUsageEnabled?: boolean;
            highUsageEmailEnabled?: boolean;
            highUsageWebhookEnabled?: boolean;
            /** @description Rolling window in minutes, 5 to 43200 (30 days). */
            highUsagePeriodMinutes?: number;
            highUsageTiers?: components["schemas"]["HighUsageTierInput"][];
        };
        WorkspaceCreate: {
            /** @description Unique among the account’s workspaces; what a request names in the `x-topograph-workspace` header. */
            name: string;
            /** @description Display name used in usage reports and invoices. */
            legalName: string;
        };
        WorkspaceList: {
            workspaces: components["schemas"]["Workspace"][];
        };
        WorkspaceUpdate: {
            legalName?: string;
        };
        WorkspaceUsageReport: {
            /** @description ISO 8601 UTC timestamp. */
            startDate: string;
            /** @description ISO 8601 UTC timestamp. */
            endDate: string;
            /** @constant */
            currency: "credit_cents";
            totalInCreditCents: number;
            workspaces: {
                /** @description null: requests made without a workspace. */
                workspace: components["schemas"]["Workspace"] | null;
                /** @description Requests created in the period. */
                requests: number;
                chargedInCreditCents: number;
                /** @description Billing events charged. */
                charged: number;
                deduplicated: number;
                included: number;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
