import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { Db, Queryable } from '../store/db.ts';
import { DECOY_HASH, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { UserRepository, type UserRole, type UserRow } from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

/** Consecutive wrong passwords before the user is locked out, and for how long (service clock). */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60_000;
/** A session lasts this long from sign-in; a set-up link this long from creation. */
export const SESSION_TTL_MS = 12 * 3_600_000;
export const SETUP_LINK_TTL_MS = 7 * 86_400_000;

/** The signed-in person, as the dashboard sees them. */
export interface SignedIn {
  userId: string;
  accountId: string;
  email: string;
  role: UserRole;
  csrfToken: string;
  /** The cookie's token (hashed in the store), to end this session. */
  token: string;
}

export type SignInResult =
  | { ok: true; session: SignedIn }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; until: Date };

/** What the e-mail field accepts: one address, stored lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** People of an account: creation with a one-time set-up link, sign-in with lock-out, sessions, password changes. */
export class UserService {
  private readonly repo: UserRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new UserRepository(db);
  }

  /**
   * Adds a person to an account inside the caller's transaction and returns the token of their set-up link
   * (`/dashboard/setup/<token>`, valid for 7 days, once). 400 for a malformed e-mail, 409 for one already in use.
   */
  async create(tx: Queryable, accountId: string, email: string, role: UserRole): Promise<{ userId: string; setupToken: string }> {
    const normalised = normaliseEmail(email);
    if (!EMAIL.test(normalised)) throw new ApiError('invalid_request', 'invalid e-mail address', [`email: ${email}`]);
    const now = this.clock.now();
    const userId = newId('usr', now.getTime());
    if (!(await this.repo.insert(tx, { id: userId, accountId, email: normalised, role, createdAt: now }))) {
      throw new ApiError(
        'invalid_request',
        `${normalised} already has a dashboard sign-in`,
        ['email: use another address'],
        undefined,
        409,
      );
    }
    return { userId, setupToken: await this.newSetupToken(tx, userId, now) };
  }

  /** Adds a member to an account (an owner's invitation); returns the set-up token. */
  async invite(accountId: string, email: string): Promise<string> {
    return this.db.transaction(async (tx) => (await this.create(tx, accountId, email, 'member')).setupToken);
  }

  list(accountId: string): Promise<UserRow[]> {
    return this.repo.ofAccount(accountId);
  }

  /** The person a set-up link is for, while it is unused and valid. */
  setupUser(token: string): Promise<UserRow | undefined> {
    return this.repo.setupUser(hashToken(token), this.clock.now());
  }

  /** Sets the password of a set-up link's person, uses the link up, and signs them in. */
  async completeSetup(token: string, password: string): Promise<SignedIn> {
    const user = await this.setupUser(token);
    if (!user) throw new ApiError('resource_not_found', 'this set-up link was used already or has expired');
    const problem = passwordProblem(password, user.email);
    if (problem) throw new ApiError('invalid_request', problem);
    const hash = await hashPassword(password);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (!(await this.repo.useSetupToken(tx, hashToken(token), now))) {
        throw new ApiError('resource_not_found', 'this set-up link was used already or has expired');
      }
      await this.repo.setPassword(tx, user.id, hash, now);
      return this.startSession(tx, user, now);
    });
  }

  /**
   * Checks an e-mail and password. Five wrong passwords in a row lock the user out for 15 minutes (a right one
   * during the lock-out is refused too, so guessing cannot go on); an unknown e-mail costs the same hashing time.
   */
  async signIn(email: string, password: string): Promise<SignInResult> {
    const normalised = normaliseEmail(email);
    const user = await this.repo.byEmail(normalised);
    const now = this.clock.now();
    if (user?.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'locked', until: user.lockedUntil };
    const matches = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
    if (!user?.passwordHash) return { ok: false, reason: 'invalid' };
    return this.db.transaction(async (tx): Promise<SignInResult> => {
      const cur = await this.repo.lockByEmail(tx, normalised);
      if (!cur) return { ok: false, reason: 'invalid' };
      if (cur.lockedUntil && cur.lockedUntil > now) return { ok: false, reason: 'locked', until: cur.lockedUntil };
      if (!matches || cur.passwordHash !== user.passwordHash) {
        const failures = cur.failedSignIns + 1;
        const lockedUntil = failures >= MAX_FAILED_SIGN_INS ? new Date(now.getTime() + LOCKOUT_MS) : null;
        await this.repo.recordFailure(tx, cur.id, lockedUntil ? 0 : failures, lockedUntil);
        return lockedUntil ? { ok: false, reason: 'locked', until: lockedUntil } : { ok: false, reason: 'invalid' };
      }
      await this.repo.recordSuccess(tx, cur.id);
      return { ok: true, session: await this.startSession(tx, cur, now) };
    });
  }

  /** The live session of a cookie's token. */
  async session(token: string): Promise<SignedIn | undefined> {
    const found = await this.repo.session(hashToken(token), this.clock.now());
    if (!found) return undefined;
    const { user, session } = found;
    return { userId: user.id, accountId: user.accountId, email: user.email, role: user.role, csrfToken: session.csrfToken, token };
  }

  signOut(token: string): Promise<void> {
    return this.repo.deleteSession(hashToken(token));
  }

  /** Changes a password given the current one; every other session of the user ends. */
  async changePassword(session: SignedIn, current: string, next: string): Promise<void> {
    const user = await this.repo.byId(session.userId);
    if (!user?.passwordHash || !(await verifyPassword(current, user.passwordHash))) {
      throw new ApiError('invalid_request', 'the current password is not right');
    }
    const problem = passwordProblem(next, user.email);
    if (problem) throw new ApiError('invalid_request', problem);
    const hash = await hashPassword(next);
    await this.db.transaction(async (tx) => {
      await this.repo.setPassword(tx, user.id, hash, this.clock.now());
      await this.repo.deleteOtherSessions(tx, user.id, hashToken(session.token));
    });
  }

  private async newSetupToken(tx: Queryable, userId: string, now: Date): Promise<string> {
    const token = newToken();
    await this.repo.insertSetupToken(tx, {
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_LINK_TTL_MS),
    });
    return token;
  }

  private async startSession(tx: Queryable, user: UserRow, now: Date): Promise<SignedIn> {
    const token = newToken();
    const csrfToken = newToken();
    await this.repo.insertSession(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      csrfToken,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return { userId: user.id, accountId: user.accountId, email: user.email, role: user.role, csrfToken, token };
  }
}

/** The path of a set-up link; the caller puts the public base URL in front. */
export function setupPath(token: string): string {
  return `/dashboard/setup/${token}`;
}
