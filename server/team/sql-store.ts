import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/team';
import type { Database, Queries, Row } from '../db/database';
import type { TeamMessage } from './messages';
import { CHALLENGES, CODE } from './policy';

export type Member = { id: string; email: string; name: string; role: Role; createdAt: string };

/** A member as the team page lists them. */
type MemberSummary = Member & { passkeys: number; sessions: number };

export type Passkey = {
  id: string;
  memberId: string;
  name: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt?: string;
};

/** A session that may act only to enrol a passkey (a code's, a link's), or a member's whole one. */
export type SessionPurpose = 'enrol' | 'full';

type Session = { member: Member; purpose: SessionPurpose; createdAt: string; seenAt: string };

/**
 * How an invitation proves its opener: a code mailed to the invited address when the link is opened
 * (`mailed`), or the invitation's own code, read out by whoever invited (`handed`, e-mail off).
 */
type InvitationCode = 'mailed' | 'handed';

/**
 * A one-time link still usable: its member and how the opener proves the address, or none of these
 * for the first admin's setup link. An invitation made before invitations had a code (`code`
 * absent) enrols nobody.
 */
type Invitation = { member?: Member; code?: InvitationCode };

type CodeOutcome = 'ok' | 'wrong' | 'none';

export interface TeamStore {
  /** Members not revoked with at least one passkey: none means the site still needs its first admin. */
  membersWithPasskeys(): Promise<number>;
  memberByEmail(email: string): Promise<Member | undefined>;
  memberById(id: string): Promise<Member | undefined>;
  listMembers(): Promise<MemberSummary[]>;
  /** Every member ever, the revoked ones marked: the names their history and their leads keep. */
  everyMember(): Promise<(Member & { revoked: boolean })[]>;
  /** Adds the member, or takes back a revoked one with its new role; their earlier passkeys are gone. */
  addMember(member: { email: string; name: string; role: Role }): Promise<Member>;
  setRole(memberId: string, role: Role): Promise<boolean>;
  /**
   * Revoked: passkeys, sessions, code and links go at once, on every replica (they read the database).
   * `within` runs in the same transaction (the hand-over of the member's leads, its audit lines);
   * nothing is done when the member was revoked already.
   */
  revokeMember(memberId: string, within?: (tx: Queries) => Promise<void>): Promise<boolean>;

  /**
   * A member's new invitation voids every earlier one of theirs, and the code an earlier one had sent:
   * one live invitation per address. `handedCode` is the digest of the invitation's own code.
   */
  addLink(link: {
    digest: string;
    memberId?: string;
    code?: InvitationCode;
    handedCode?: string;
    ttlMs: number;
  }): Promise<void>;
  findLink(digest: string): Promise<Invitation | undefined>;
  /**
   * Spends one of the invitation's attempts at its own code; 'ok' uses the link up. 'none': no such
   * live link with a code of its own, or out of attempts.
   */
  tryLinkCode(digest: string, codeDigest: string): Promise<CodeOutcome>;
  /**
   * Marks it used; false when another request used it first or it expired (single use, atomically).
   * A setup link also claims the site's one first-admin setup in the same transaction: false when
   * another link, on any replica, claimed it first.
   */
  consumeLink(digest: string): Promise<boolean>;
  /** Whether a setup link can still make the first admin: the setup is unclaimed and nobody has a passkey. */
  setupOpen(): Promise<boolean>;
  /** Once the member has a passkey, their invitations have done their work. */
  closeLinksOf(memberId: string): Promise<void>;

  /** Replaces the member's code: only the latest one sent works. */
  setCode(memberId: string, digest: string): Promise<void>;
  /** Spends one attempt; 'ok' consumes the code. 'none': no code, expired, or out of attempts. */
  tryCode(memberId: string, digest: string): Promise<CodeOutcome>;

  passkeysOf(memberId: string): Promise<Passkey[]>;
  passkeyById(id: string): Promise<Passkey | undefined>;
  addPasskey(passkey: Omit<Passkey, 'createdAt' | 'lastUsedAt'>): Promise<void>;
  /** After a sign-in: the authenticator's new counter, and when. */
  usedPasskey(id: string, counter: number): Promise<void>;
  renamePasskey(memberId: string, id: string, name: string): Promise<boolean>;
  removePasskey(memberId: string, id: string): Promise<boolean>;

  saveChallenge(digest: string, challenge: string, ttlMs: number): Promise<void>;
  /** The challenge, once: a second use of the same ceremony finds nothing. */
  takeChallenge(digest: string): Promise<string | undefined>;

  createSession(session: { digest: string; memberId: string; purpose: SessionPurpose; ttlMs: number }): Promise<void>;
  /** The live session with its member, or undefined (expired, ended, member revoked). */
  findSession(digest: string, idleMs: number): Promise<Session | undefined>;
  touchSession(digest: string): Promise<void>;
  endSession(digest: string): Promise<void>;
  /** Every session of the member, on every replica at once; `except` keeps the one asking. */
  endSessionsOf(memberId: string, except?: string): Promise<number>;

  /** An e-mail to a member, through the outbox; false when e-mail is off. */
  mailMember(message: TeamMessage): Promise<boolean>;
}

const toMember = (row: Row): Member => ({
  id: String(row.id),
  email: String(row.email),
  name: String(row.name),
  role: row.role as Role,
  createdAt: String(row.created_at),
});

const toPasskey = (row: Row): Passkey => ({
  id: String(row.id),
  memberId: String(row.member_id),
  name: String(row.name),
  publicKey: new Uint8Array(Buffer.from(String(row.public_key), 'base64url')),
  counter: Number(row.counter),
  transports: JSON.parse(String(row.transports)) as string[],
  createdAt: String(row.created_at),
  lastUsedAt: row.last_used_at === null ? undefined : String(row.last_used_at),
});

const MEMBER_COLUMNS = 'm.id, m.email, m.name, m.role, m.created_at';
const ACTIVE = 'm.revoked_at IS NULL';
/** No link has claimed the first admin's setup, and no member can sign in yet (server/db/schema.ts). */
const SETUP_OPEN = `NOT EXISTS (SELECT 1 FROM setup_claims)
  AND NOT EXISTS (SELECT 1 FROM passkeys p JOIN members m ON m.id = p.member_id WHERE ${ACTIVE})`;

export function sqlTeam(db: Database, mailTeam: (message: TeamMessage) => Promise<boolean>): TeamStore {
  const { now, later } = db.dialect;
  const at = () => new Date().toISOString();
  return {
    async membersWithPasskeys() {
      const row = await db.get(
        `SELECT count(DISTINCT m.id) AS n FROM members m JOIN passkeys p ON p.member_id = m.id WHERE ${ACTIVE}`,
      );
      return Number(row?.n);
    },
    async memberByEmail(email) {
      const row = await db.get(
        `SELECT ${MEMBER_COLUMNS} FROM members m WHERE lower(m.email) = lower(?) AND ${ACTIVE}`,
        [email],
      );
      return row && toMember(row);
    },
    async memberById(id) {
      const row = await db.get(`SELECT ${MEMBER_COLUMNS} FROM members m WHERE m.id = ? AND ${ACTIVE}`, [id]);
      return row && toMember(row);
    },
    async listMembers() {
      const rows = await db.all(
        `SELECT ${MEMBER_COLUMNS},
           (SELECT count(*) FROM passkeys p WHERE p.member_id = m.id) AS passkeys,
           (SELECT count(*) FROM sessions s WHERE s.member_id = m.id AND s.expires_at > ${now}) AS sessions
         FROM members m WHERE ${ACTIVE} ORDER BY lower(m.email)`,
      );
      return rows.map((row) => ({ ...toMember(row), passkeys: Number(row.passkeys), sessions: Number(row.sessions) }));
    },
    async everyMember() {
      const rows = await db.all(`SELECT ${MEMBER_COLUMNS}, m.revoked_at FROM members m ORDER BY lower(m.name)`);
      return rows.map((row) => ({ ...toMember(row), revoked: row.revoked_at !== null }));
    },
    addMember: ({ email, name, role }) =>
      db.transaction(async (tx) => {
        const revoked = await tx.get('SELECT id FROM members WHERE lower(email) = lower(?)', [email]);
        if (revoked) {
          await tx.run('UPDATE members SET name = ?, role = ?, revoked_at = NULL WHERE id = ?', [
            name,
            role,
            String(revoked.id),
          ]);
        } else {
          await tx.run('INSERT INTO members (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)', [
            randomUUID(),
            email,
            name,
            role,
            at(),
          ]);
        }
        const row = await tx.get(`SELECT ${MEMBER_COLUMNS} FROM members m WHERE lower(m.email) = lower(?)`, [email]);
        return toMember(row!);
      }),
    setRole: async (memberId, role) =>
      (await db.run('UPDATE members SET role = ? WHERE id = ? AND revoked_at IS NULL', [role, memberId])) > 0,
    revokeMember: (memberId, within) =>
      db.transaction(async (tx) => {
        const changed = await tx.run('UPDATE members SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
          at(),
          memberId,
        ]);
        for (const table of ['passkeys', 'sessions', 'sign_in_codes', 'invitations'])
          await tx.run(`DELETE FROM ${table} WHERE member_id = ?`, [memberId]);
        if (changed > 0) await within?.(tx);
        return changed > 0;
      }),

    addLink: ({ digest, memberId, code, handedCode, ttlMs }) =>
      db.transaction(async (tx) => {
        if (memberId) {
          // The member's row first: on PostgreSQL its lock makes two invitations of one member wait
          // for each other, so that the later one voids the earlier (SQLite runs one at a time anyway).
          await tx.run('UPDATE members SET email = email WHERE id = ?', [memberId]);
          await tx.run(`UPDATE invitations SET used_at = ${now} WHERE member_id = ? AND used_at IS NULL`, [memberId]);
          await tx.run('DELETE FROM sign_in_codes WHERE member_id = ?', [memberId]);
        }
        await tx.run(
          `INSERT INTO invitations (id, member_id, needs_code, code_digest, created_at, expires_at)
           VALUES (?, ?, ?, ?, ${now}, ${later})`,
          [digest, memberId ?? null, code ? 1 : 0, handedCode ?? null, ttlMs],
        );
      }),
    async findLink(digest) {
      const row = await db.get(
        `SELECT i.needs_code, i.code_digest, ${MEMBER_COLUMNS}, m.revoked_at FROM invitations i
         LEFT JOIN members m ON m.id = i.member_id
         WHERE i.id = ? AND i.used_at IS NULL AND i.expires_at > ${now}
           AND (i.member_id IS NOT NULL OR (${SETUP_OPEN}))`,
        [digest],
      );
      if (!row) return undefined;
      if (row.id === null) return {};
      if (row.revoked_at !== null) return undefined;
      const code = row.code_digest !== null ? 'handed' : Number(row.needs_code) ? 'mailed' : undefined;
      return { member: toMember(row), ...(code && { code }) };
    },
    // One UPDATE counts the attempt and reads the digest, as tryCode: two replicas trying at once both count.
    tryLinkCode: (digest, codeDigest) =>
      db.transaction(async (tx): Promise<CodeOutcome> => {
        const row = await tx.get(
          `UPDATE invitations SET code_attempts = code_attempts + 1
           WHERE id = ? AND used_at IS NULL AND expires_at > ${now} AND code_digest IS NOT NULL AND code_attempts < ?
           RETURNING code_digest`,
          [digest, CODE.attempts],
        );
        if (!row) return 'none';
        if (row.code_digest !== codeDigest) return 'wrong';
        await tx.run(`UPDATE invitations SET used_at = ${now} WHERE id = ?`, [digest]);
        return 'ok';
      }),
    consumeLink: (digest) =>
      db.transaction(async (tx) => {
        const used = await tx.get(
          `UPDATE invitations SET used_at = ${now} WHERE id = ? AND used_at IS NULL AND expires_at > ${now}
           RETURNING member_id`,
          [digest],
        );
        if (!used) return false;
        if (used.member_id !== null) return true;
        // Two links used at once both pass the condition, but only one inserts the row: on
        // PostgreSQL the second waits on the first's key, then does nothing (docs/requirements.md §6.3).
        const claimed = await tx.run(
          `INSERT INTO setup_claims (id, claimed_at) SELECT 1, ${now} WHERE ${SETUP_OPEN} ON CONFLICT (id) DO NOTHING`,
        );
        return claimed > 0;
      }),
    setupOpen: async () => (await db.get(`SELECT 1 AS open WHERE ${SETUP_OPEN}`)) !== undefined,

    async closeLinksOf(memberId) {
      await db.run(`UPDATE invitations SET used_at = ${now} WHERE member_id = ? AND used_at IS NULL`, [memberId]);
    },

    async setCode(memberId, digest) {
      await db.run(
        `INSERT INTO sign_in_codes (member_id, digest, attempts, expires_at) VALUES (?, ?, 0, ${later})
         ON CONFLICT (member_id) DO UPDATE SET digest = excluded.digest, attempts = 0, expires_at = excluded.expires_at`,
        [memberId, digest, CODE.ttlMs],
      );
    },
    // One UPDATE counts the attempt and reads the digest: two replicas trying at once both count.
    tryCode: (memberId, digest) =>
      db.transaction(async (tx): Promise<CodeOutcome> => {
        const row = await tx.get(
          `UPDATE sign_in_codes SET attempts = attempts + 1
           WHERE member_id = ? AND expires_at > ${now} AND attempts < ?
           RETURNING digest`,
          [memberId, CODE.attempts],
        );
        if (!row) return 'none';
        if (row.digest !== digest) return 'wrong';
        await tx.run('DELETE FROM sign_in_codes WHERE member_id = ?', [memberId]);
        return 'ok';
      }),

    passkeysOf: async (memberId) =>
      (await db.all('SELECT * FROM passkeys WHERE member_id = ? ORDER BY created_at', [memberId])).map(toPasskey),
    async passkeyById(id) {
      const row = await db.get(
        `SELECT p.* FROM passkeys p JOIN members m ON m.id = p.member_id WHERE p.id = ? AND ${ACTIVE}`,
        [id],
      );
      return row && toPasskey(row);
    },
    async addPasskey({ id, memberId, name, publicKey, counter, transports }) {
      await db.run(
        `INSERT INTO passkeys (id, member_id, name, public_key, counter, transports, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [id, memberId, name, Buffer.from(publicKey).toString('base64url'), counter, JSON.stringify(transports), at()],
      );
    },
    async usedPasskey(id, counter) {
      await db.run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?', [counter, at(), id]);
    },
    renamePasskey: async (memberId, id, name) =>
      (await db.run('UPDATE passkeys SET name = ? WHERE id = ? AND member_id = ?', [name, id, memberId])) > 0,
    removePasskey: async (memberId, id) =>
      (await db.run('DELETE FROM passkeys WHERE id = ? AND member_id = ?', [id, memberId])) > 0,

    // Each new ceremony clears the ones left unfinished, and the oldest past CHALLENGES.live: the
    // table holds minutes of them, and never more than that many. One transaction: one commit.
    saveChallenge: (digest, challenge, ttlMs) =>
      db.transaction(async (tx) => {
        await tx.run(
          `DELETE FROM webauthn_challenges WHERE expires_at <= ${now} OR expires_at <=
             (SELECT expires_at FROM webauthn_challenges ORDER BY expires_at DESC LIMIT 1 OFFSET ?)`,
          [CHALLENGES.live - 1],
        );
        await tx.run(`INSERT INTO webauthn_challenges (id, challenge, expires_at) VALUES (?, ?, ${later})`, [
          digest,
          challenge,
          ttlMs,
        ]);
      }),
    async takeChallenge(digest) {
      const row = await db.get(
        `DELETE FROM webauthn_challenges WHERE id = ? AND expires_at > ${now} RETURNING challenge`,
        [digest],
      );
      return row && String(row.challenge);
    },

    async createSession({ digest, memberId, purpose, ttlMs }) {
      await db.run(`DELETE FROM sessions WHERE expires_at <= ${now}`);
      await db.run(
        `INSERT INTO sessions (id, member_id, purpose, created_at, seen_at, expires_at)
         VALUES (?, ?, ?, ${now}, ${now}, ${later})`,
        [digest, memberId, purpose, ttlMs],
      );
    },
    async findSession(digest, idleMs) {
      // Idle is measured on the database's clock, as the expiry is: replicas agree on both.
      const row = await db.get(
        `SELECT s.purpose, s.created_at AS session_created, s.seen_at, ${MEMBER_COLUMNS}
         FROM sessions s JOIN members m ON m.id = s.member_id
         WHERE s.id = ? AND s.expires_at > ${now} AND s.seen_at > ${db.dialect.earlier} AND ${ACTIVE}`,
        [digest, idleMs],
      );
      if (!row) return undefined;
      return {
        member: toMember(row),
        purpose: row.purpose as SessionPurpose,
        createdAt: String(row.session_created),
        seenAt: String(row.seen_at),
      };
    },
    async touchSession(digest) {
      await db.run(`UPDATE sessions SET seen_at = ${now} WHERE id = ?`, [digest]);
    },
    async endSession(digest) {
      await db.run('DELETE FROM sessions WHERE id = ?', [digest]);
    },
    endSessionsOf: (memberId, except) =>
      db.run('DELETE FROM sessions WHERE member_id = ? AND id <> ?', [memberId, except ?? '']),

    mailMember: mailTeam,
  };
}
