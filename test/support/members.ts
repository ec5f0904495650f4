import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import request from 'supertest';
import type { Repository } from '../../server/composition/repository';
import type { Row } from '../../server/db/database';
import { SESSION } from '../../server/team/policy';
import { digestOf, newSecret } from '../../server/team/secrets';
import { SESSION_COOKIE } from '../../server/team/sessions';
import type { SessionPurpose } from '../../server/team/sql-store';
import type { Role } from '../../shared/team';
import { payloadOf } from './outbox';
import { eventually } from './wait';

/** A member of `role` with an address of their own. */
export const addMember = (
  repository: Repository,
  role: Role,
  email = `${role}-${randomBytes(4).toString('hex')}@example.com`,
) => repository.team.addMember({ email, name: `Pessoa de ${role}`, role });

/**
 * A session of the member written into the store as a sign-in writes it, and the cookie that
 * carries its secret: the tests that are not about signing in start signed in.
 */
export async function sessionOf(repository: Repository, memberId: string, purpose: SessionPurpose = 'full') {
  const secret = newSecret();
  const ttlMs = purpose === 'full' ? SESSION.absoluteMs : SESSION.enrolmentMs;
  await repository.team.createSession({ digest: digestOf(secret), memberId, purpose, ttlMs });
  return { cookie: `${SESSION_COOKIE}=${secret}`, digest: digestOf(secret) };
}

/** A new member of `role`, signed in. */
export async function signedInMember(repository: Repository, role: Role, purpose: SessionPurpose = 'full') {
  const member = await addMember(repository, role);
  return { member, ...(await sessionOf(repository, member.id, purpose)) };
}

/** Whether `cookie` still opens a session: the account page answers it, rather than sending it to /entrar. */
export async function opensSession(app: RequestListener, cookie: string) {
  const res = await request(app).get('/painel/conta').set('Cookie', cookie);
  // Sent to sign in, with the page as its return path (server/workplace/return-path.ts).
  if (res.status !== 200 && !(res.status === 303 && /^\/entrar(\?|$)/.test(res.headers.location ?? '')))
    throw new Error(`GET /painel/conta answered ${res.status}`);
  return res.status === 200;
}

/** The session cookie a reply sets, as `name=value` to send back; undefined when it sets none. */
export function sessionCookieOf(res: { headers: Record<string, unknown> }) {
  const set = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return set.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
}

/** The team's e-mails in the outbox, as they were queued. */
export const teamMails = (outbox: Row[]) =>
  outbox
    .filter((row) => row.kind === 'team.message')
    .map(
      (row) =>
        payloadOf(row) as {
          to: string;
          subject: string;
          text: string;
        },
    );

/**
 * The six digits of the newest code mailed to `to`, once the outbox read by `outbox` has one: a code
 * asked for on the form is queued after the reply has left.
 */
export const codeMailedTo = (outbox: () => Promise<Row[]>, to: string) =>
  eventually(async () => {
    const mail = teamMails(await outbox()).findLast(
      (message) => message.to === to && /código de acesso/.test(message.subject),
    );
    if (!mail) throw new Error(`nenhum código para ${to} no outbox`);
    return /Seu código de acesso é (\d{6})\./.exec(mail.text)![1]!;
  });
