import { company } from '../../shared/content';
import { dueAt, dueText } from '../../shared/due-time';
import type { BusinessCalendar } from '../../shared/holidays';
import { leadPath } from '../../shared/lead-page';
import { LEAD_KINDS } from '../../shared/lead-status';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { WorkedLead } from '../leads/resource';
import type { Stores } from '../stores';

type Notice = {
  before: WorkedLead;
  after: WorkedLead;
  /** Who made the change: nobody is told of a lead they gave themselves. */
  by: { id: string; name: string };
  publicUrl: URL;
  calendar: BusinessCalendar;
};

/**
 * Tells a member a lead was given to them (docs/requirements.md §6.4), by e-mail through the outbox, with the link
 * to its page. The message names the lead's kind, arrival and due time, never the person: it sits in
 * the member's mailbox, which a data subject's erasure cannot reach.
 */
export async function tellNewOwner(team: Stores['team'], { before, after, by, publicUrl, calendar }: Notice) {
  const owner = after.work.owner;
  if (!owner?.email || owner.id === before.work.owner?.id || owner.id === by.id) return false;
  const arrived = new Date(after.record.createdAt);
  const running = after.work.status === 'new' && !after.work.respondedAt;
  return team.mailMember({
    to: owner.email,
    subject: `Um lead foi passado para você · ${company.shortName}`,
    text: [
      `Olá, ${owner.name}.`,
      '',
      `${by.name} passou um lead para você: ${LEAD_KINDS[after.kind].toLowerCase()} que chegou em ${readableInSaoPaulo(arrived)}.`,
      ...(running ? [`Responder até ${dueText(dueAt(arrived, calendar), new Date(), 'long')}.`] : []),
      '',
      'Abra o lead:',
      new URL(leadPath(after.record.id), publicUrl).href,
    ].join('\n'),
  });
}
