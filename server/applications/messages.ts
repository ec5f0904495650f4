import { APPLICATIONS_FOLDER_PATH } from '../../shared/application';
import { company } from '../../shared/content';
import { message, type OutboxWriter, outboxOf } from '../module/messages';

// The messages of a job application (docs/requirements.md §10.10, "Candidaturas"): the candidate's
// receipt, on the receipt channel as a lead's, and a notice to each admin, the only role that opens
// the Candidaturas folder. Neither carries the CV, nor more than the reader needs of the candidate (LGPD).

/** The position applied for, or none: the talent pool. */
type Applied = { position?: string };

export type ApplicationReceipt = Applied & { to: string };

export type ApplicationNotice = Applied & { to: string; id: string; name: string; city: string; state: string };

const appliedFor = ({ position }: Applied) => (position ? `a vaga ${position}` : 'o banco de talentos');

const receiptText = (record: ApplicationReceipt) =>
  [
    'Olá!',
    '',
    `Recebemos sua candidatura para ${appliedFor(record)} da ${company.name}, com o seu currículo.`,
    '',
    'Nossa equipe analisa cada candidatura. Se o seu perfil combinar com a vaga, entramos em contato',
    'pelo telefone ou e-mail que você informou para marcar uma entrevista.',
    ...(record.position ? [] : ['No banco de talentos, seu currículo fica guardado para as próximas vagas.']),
    '',
    `Dúvidas: ${company.email} · ${company.phone.display}`,
    '',
    company.name,
  ].join('\n');

export const APPLICATION_MESSAGES = {
  // Auto-Submitted: an autoresponder does not answer an automatic message (RFC 3834).
  'application.receipt': message<ApplicationReceipt>({
    receipt: (record) => ({
      to: record.to,
      subject: `Recebemos sua candidatura · ${company.shortName}`,
      text: receiptText(record),
      headers: { 'Auto-Submitted': 'auto-generated' },
    }),
  }),
  'application.notice': message<ApplicationNotice>({
    email: (record, { publicUrl }) => ({
      to: record.to,
      subject: `Nova candidatura: ${record.position ?? 'banco de talentos'}`,
      text: [
        `${record.name} enviou uma candidatura para ${appliedFor(record)}.`,
        `Município: ${record.city}/${record.state}`,
        '',
        'Veja a candidatura e o currículo no painel:',
        new URL(`${APPLICATIONS_FOLDER_PATH}/${record.id}`, publicUrl).href,
      ].join('\n'),
    }),
  }),
};

/** The outbox over the applications' own kinds: a kind and its record typed together. */
export const applicationOutbox = (writer: OutboxWriter) => outboxOf(APPLICATION_MESSAGES, writer);
export type ApplicationOutbox = ReturnType<typeof applicationOutbox>;
