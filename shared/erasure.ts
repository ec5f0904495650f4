import type { Erased } from './api/types';

// What an erasure did and what it leaves to the operator (docs/requirements.md §10.17; docs/leads.md, "What an
// erasure leaves, and where"), said the same way by the API's reply and the /painel/dados page.

/** An erasure's outcome as the store counts it. */
type Done = {
  contacts: number;
  quotes: number;
  suspects: number;
  applications: number;
  /** Shipments whose people went, their fiscal record kept (docs/requirements.md §12.11). */
  shipments: number;
  /** What stayed by law, and why, in words. */
  kept?: string;
  /** Leads whose notification e-mail went to the sales mailbox. */
  mailedLeads: number;
  /** The CRM was told (a subject.erased webhook queued), was sent none of the leads, or webhooks are off. */
  crm: 'notified' | 'not-sent' | 'off';
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The erasure in words: what went, who was told, and each step the site cannot take itself. */
export function erasureOutcome(email: string, done: Done) {
  const found = done.contacts + done.quotes + done.suspects + done.applications + done.shipments;
  const erased =
    found === 0
      ? `Nenhum dado guardado com ${email} no site.`
      : `Apagados do site: ${count(done.contacts, 'contato', 'contatos')}, ${count(done.quotes, 'cotação', 'cotações')}, ` +
        `${count(done.suspects, 'envio retido', 'envios retidos')} e ` +
        `${count(done.applications, 'candidatura com currículo', 'candidaturas com currículo')} de ${email}, ` +
        'com as entregas ainda na fila, ' +
        'as chaves de idempotência e as notas da equipe.';
  const told =
    done.crm === 'notified'
      ? 'O CRM foi avisado por webhook (subject.erased) e deve apagar do lado dele os leads que recebeu.'
      : undefined;
  const stillToDo = [
    ...(done.mailedLeads > 0
      ? [
          `A caixa de vendas (LEADS_TO) recebeu ${count(done.mailedLeads, 'e-mail de aviso', 'e-mails de aviso')} ` +
            `destes leads: procure ${email} em cada caixa, apague as mensagens, esvazie a lixeira, e apague ` +
            'as cópias que a equipe encaminhou ou arquivou.',
        ]
      : []),
    ...(found > 0 && done.crm === 'off'
      ? ['Os webhooks estão desligados: se algum destes leads chegou a um CRM, peça a quem cuida dele que os apague.']
      : []),
    ...(found > 0
      ? ['Os backups guardam estes dados até expirarem: se restaurar um deles, elimine esta pessoa de novo.']
      : []),
  ];
  const data: Erased = {
    contacts: done.contacts,
    quotes: done.quotes,
    suspects: done.suspects,
    applications: done.applications,
    shipments: done.shipments,
    ...(done.kept && { kept: done.kept }),
    mailedLeads: done.mailedLeads,
    crmNotified: done.crm === 'notified',
    stillToDo,
  };
  const message =
    found === 0
      ? 'Nenhum dado guardado com este e-mail.'
      : stillToDo.length > 0
        ? `Dados deste e-mail apagados do site. Ainda falta, fora dele: ${stillToDo.length === 1 ? 'um passo' : `${stillToDo.length} passos`} (stillToDo).`
        : 'Dados deste e-mail apagados do site.';
  return { message, erased, told, stillToDo, data };
}
