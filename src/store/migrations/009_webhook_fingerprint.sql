-- company.updated carries news only (src/webhooks/announcement.ts): the fingerprint of what a message announced.
-- Unique per request, so no process, before or after a restart, can stage the same content twice.
alter table webhook_messages add column fingerprint text;
create unique index webhook_messages_fingerprint on webhook_messages (account_id, event_type, subject, fingerprint)
  where fingerprint is not null;
