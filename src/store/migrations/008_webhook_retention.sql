-- The delivery log is kept for WEBHOOK_LOG_RETENTION (src/webhooks/retention.ts): finished messages older than that
-- are deleted with their delivery rows and attempts, oldest first, found by this index.
create index webhook_messages_created on webhook_messages (created_at);
