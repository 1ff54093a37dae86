-- What the receiver answered, per webhook attempt (issue 18, the dashboard's delivery log): the first 1 KiB of its
-- response body as text, so that a customer sees why their endpoint refused a message. Null when it answered nothing
-- (no answer, or an empty body). Older attempts keep null.
alter table webhook_attempts add column response_body text;
