-- The account dashboard (src/users, src/dashboard): API keys get a name and a last-use time, accounts get users who
-- sign in with e-mail and password, their sessions, and one-time set-up links. Times are written from the service clock.

-- Keys made before the dashboard existed are the account's first key: they keep working under this name.
alter table api_keys add column name text not null default 'Default key';
-- Written at most once a minute per key and process (src/accounts/key-usage.ts), not on every request.
alter table api_keys add column last_used_at timestamptz;
create index api_keys_account on api_keys (account_id, created_at);

-- People of an account. The e-mail is stored lower-cased and is unique across accounts: it names who signs in.
-- password_hash is null until the person set a password through their set-up link.
create table account_users (
  id text primary key,
  account_id text not null references accounts(id),
  email text not null unique,
  role text not null,                          -- owner | member
  password_hash text,
  failed_sign_ins integer not null default 0,  -- consecutive; reset by a successful sign-in
  locked_until timestamptz,
  created_at timestamptz not null,
  password_changed_at timestamptz
);
create index account_users_account on account_users (account_id);

-- Only the SHA-256 of the cookie's token is stored: a copy of the table cannot be replayed as a session.
create table user_sessions (
  token_hash text primary key,
  user_id text not null references account_users(id),
  csrf_token text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index user_sessions_user on user_sessions (user_id);

-- One-time links where a person sets their password (the first owner's, an invited member's).
create table user_setup_tokens (
  token_hash text primary key,
  user_id text not null references account_users(id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
