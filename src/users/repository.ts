import type { Db, Queryable } from '../store/db.ts';

export type UserRole = 'owner' | 'member';

export interface UserRow {
  id: string;
  accountId: string;
  email: string;
  role: UserRole;
  passwordHash: string | null;
  failedSignIns: number;
  lockedUntil: Date | null;
  createdAt: Date;
  passwordChangedAt: Date | null;
}

export interface SessionRow {
  tokenHash: string;
  userId: string;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
}

const USER_COLUMNS = `id, account_id as "accountId", email, role, password_hash as "passwordHash",
  failed_sign_ins as "failedSignIns", locked_until as "lockedUntil", created_at as "createdAt",
  password_changed_at as "passwordChangedAt"`;

/** SQL of account users, their sessions and set-up links. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  /** False when the e-mail belongs to someone already (the unique index decides, whatever races). */
  async insert(tx: Queryable, u: Pick<UserRow, 'id' | 'accountId' | 'email' | 'role' | 'createdAt'>): Promise<boolean> {
    const rows = await tx.query(
      `insert into account_users (id, account_id, email, role, created_at) values ($1, $2, $3, $4, $5)
        on conflict (email) do nothing returning id`,
      [u.id, u.accountId, u.email, u.role, u.createdAt],
    );
    return rows.length > 0;
  }

  async byEmail(email: string, tx: Queryable = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.query<UserRow>(`select ${USER_COLUMNS} from account_users where email = $1`, [email]);
    return row;
  }

  async byId(id: string, tx: Queryable = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.query<UserRow>(`select ${USER_COLUMNS} from account_users where id = $1`, [id]);
    return row;
  }

  async ofAccount(accountId: string): Promise<UserRow[]> {
    return this.db.query<UserRow>(`select ${USER_COLUMNS} from account_users where account_id = $1 order by created_at, id`, [accountId]);
  }

  /** The row locked for a sign-in decision, so that concurrent wrong guesses all count. */
  async lockByEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
    const [row] = await tx.query<UserRow>(`select ${USER_COLUMNS} from account_users where email = $1 for update`, [email]);
    return row;
  }

  async recordFailure(tx: Queryable, id: string, failures: number, lockedUntil: Date | null): Promise<void> {
    await tx.query('update account_users set failed_sign_ins = $2, locked_until = $3 where id = $1', [id, failures, lockedUntil]);
  }

  async recordSuccess(tx: Queryable, id: string): Promise<void> {
    await tx.query('update account_users set failed_sign_ins = 0, locked_until = null where id = $1', [id]);
  }

  async setPassword(tx: Queryable, id: string, hash: string, at: Date): Promise<void> {
    await tx.query(
      'update account_users set password_hash = $2, password_changed_at = $3, failed_sign_ins = 0, locked_until = null where id = $1',
      [id, hash, at],
    );
  }

  async insertSession(tx: Queryable, s: SessionRow): Promise<void> {
    await tx.query('insert into user_sessions (token_hash, user_id, csrf_token, created_at, expires_at) values ($1, $2, $3, $4, $5)', [
      s.tokenHash,
      s.userId,
      s.csrfToken,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  /** A live session with its user. */
  async session(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.db.query<SessionRow & { user: UserRow }>(
      `select s.token_hash as "tokenHash", s.user_id as "userId", s.csrf_token as "csrfToken", s.created_at as "createdAt",
              s.expires_at as "expiresAt",
              json_build_object('id', u.id, 'accountId', u.account_id, 'email', u.email, 'role', u.role) as "user"
         from user_sessions s join account_users u on u.id = s.user_id
        where s.token_hash = $1 and s.expires_at > $2`,
      [tokenHash, now],
    );
    if (!row) return undefined;
    const { user, ...session } = row;
    return { session, user: user as UserRow };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.query('delete from user_sessions where token_hash = $1', [tokenHash]);
  }

  /** Ends every session of a user but one (after a password change). */
  async deleteOtherSessions(tx: Queryable, userId: string, keepTokenHash: string | null): Promise<void> {
    await tx.query('delete from user_sessions where user_id = $1 and token_hash is distinct from $2', [userId, keepTokenHash]);
  }

  async insertSetupToken(tx: Queryable, t: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await tx.query('insert into user_setup_tokens (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
      t.tokenHash,
      t.userId,
      t.createdAt,
      t.expiresAt,
    ]);
  }

  /** The user of an unused, unexpired set-up link. */
  async setupUser(tokenHash: string, now: Date, tx: Queryable = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.query<{ userId: string }>(
      `select user_id as "userId" from user_setup_tokens where token_hash = $1 and used_at is null and expires_at > $2`,
      [tokenHash, now],
    );
    return row ? this.byId(row.userId, tx) : undefined;
  }

  /** Marks a link used; false when another use won the race. */
  async useSetupToken(tx: Queryable, tokenHash: string, now: Date): Promise<boolean> {
    const rows = await tx.query(
      'update user_setup_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning token_hash',
      [tokenHash, now],
    );
    return rows.length > 0;
  }
}
