import { company } from '../../shared/content';
import type { Role } from '../../shared/team';
import { LINK } from './policy';
import { digestOf, newCode, newSecret } from './secrets';
import type { Member, TeamStore } from './sql-store';

type Invite = { email: string; name: string; role: Role };

/**
 * Invites a member (the team page, `npm run team -- invite`): the member is added, or taken back
 * with the new role, and gets a one-time link that voids any earlier one. With e-mail on, the link
 * is mailed and, once opened, sends a code to the same address, so only the mailbox's owner enrols.
 * Without e-mail the link comes with a code of its own (`code`), which whoever invites hands over
 * apart from the link (a call, in person): whoever finds the link alone enrols nobody (docs/requirements.md §6.3;
 * docs/decisions/029-sign-in-and-sessions.md).
 */
export async function invite(store: TeamStore, publicUrl: URL, mailOn: boolean, { email, name, role }: Invite) {
  const member = await store.addMember({ email, name, role });
  const token = newSecret();
  const code = mailOn ? undefined : newCode();
  await store.addLink({
    digest: digestOf(token),
    memberId: member.id,
    code: code ? 'handed' : 'mailed',
    ...(code && { handedCode: digestOf(code) }),
    ttlMs: LINK.invitationMs,
  });
  const link = new URL(`/entrar/convite?token=${token}`, publicUrl).href;
  const mailed =
    mailOn &&
    (await store.mailMember({
      to: member.email,
      subject: `Convite para a equipe da ${company.shortName}`,
      text: [
        `Olá, ${member.name}.`,
        '',
        `Você foi convidado(a) para a área da equipe do site da ${company.name}.`,
        `Abra este link em até 7 dias para cadastrar sua chave de acesso (passkey):`,
        link,
        '',
        'Se você não esperava este convite, ignore este e-mail.',
      ].join('\n'),
    }));
  return { member, link, mailed, ...(code && { code }) };
}

/** The first admin's link: valid for an hour, printed at start while no member has a passkey. */
export async function setupLink(store: TeamStore, publicUrl: URL) {
  const token = newSecret();
  await store.addLink({ digest: digestOf(token), ttlMs: LINK.setupMs });
  return new URL(`/entrar/configurar?token=${token}`, publicUrl).href;
}

/** A new code for the member, mailed; the previous one stops working. */
export async function sendCode(store: TeamStore, member: Member) {
  const code = newCode();
  await store.setCode(member.id, digestOf(code));
  return store.mailMember({
    to: member.email,
    subject: `${code} é seu código de acesso · ${company.shortName}`,
    text: [
      `Seu código de acesso é ${code}.`,
      '',
      'Ele vale 10 minutos e serve para cadastrar uma chave de acesso na área da equipe.',
      'Se você não pediu este código, ignore este e-mail: ninguém entra sem ele.',
    ].join('\n'),
  });
}
