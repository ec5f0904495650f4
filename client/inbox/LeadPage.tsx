import type { LeadFormValues, LeadView, ShownLine } from '../../shared/lead-page';
import { LEAD_KINDS, LEAD_STATUS_LABELS } from '../../shared/lead-status';
import type { PageNotice } from '../../shared/team';
import { Notice } from '../team/TeamDocument';
import { FreightCard } from './FreightFacts';
import { LeadForms } from './LeadForms';
import { DueTime, PromiseMark } from './PromiseMarks';
import { ReleasedMark } from './ReleasedMark';

// The lead's page (docs/requirements.md §6.4): when it falls due, how to answer
// in one tap and say so ("Respondi"), what the person sent (first, above the forms: it is what a
// salesperson opens the page for), the team's work on it, what became of its e-mail and webhook, and
// its history.

export type LeadPageProps =
  | { state: 'missing' }
  | { state: 'erased'; notice: PageNotice }
  | { state: 'shown'; lead: LeadView; form: LeadFormValues; notice?: PageNotice; errors?: Record<string, string> };

export function LeadPage(props: LeadPageProps) {
  if (props.state === 'missing')
    return (
      <>
        <h1>Lead não encontrado</h1>
        <p>Este lead não existe, ou os dados da pessoa foram eliminados.</p>
        <p>
          <a href="/painel">Voltar ao painel</a>
        </p>
      </>
    );
  if (props.state === 'erased')
    return (
      <>
        <h1>Dados eliminados</h1>
        <Notice notice={props.notice} />
        <p>
          <a className="button button--primary" href="/painel">
            Voltar ao painel
          </a>
        </p>
      </>
    );
  const { lead, form, notice, errors } = props;
  return (
    <>
      <p className="lead-crumb">
        <a href="/painel">← Painel</a>
      </p>
      <h1>
        {lead.name} <span className="lead-kind">{LEAD_KINDS[lead.kind]}</span>
      </h1>
      <p className="lead-status">
        Situação: <strong>{LEAD_STATUS_LABELS[lead.work.status]}</strong>
        {lead.work.lostReason && ` (${lead.work.lostReason})`}
        {' · '}Responsável: <strong>{lead.work.owner?.name ?? 'ninguém'}</strong>{' '}
        <ReleasedMark releasedAt={lead.work.releasedAt} />
      </p>
      <Notice notice={notice} />
      <Clock lead={lead} />
      <nav className="lead-answer" aria-label="Responder">
        <a className="button button--ghost" href={lead.links.mailto}>
          Responder por e-mail
        </a>
        {lead.links.whatsApp && (
          <a className="button button--ghost" href={lead.links.whatsApp} rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        )}
        {lead.links.tel && (
          <a className="button button--ghost" href={lead.links.tel}>
            Ligar
          </a>
        )}
      </nav>
      {lead.clock.state && <AnsweredForm lead={lead} version={form.versao} />}
      {/* A quote's next step, on a phone's first screen, not below what was sent (§6.4). */}
      {lead.proposals && (
        <p className="lead-next">
          <a className="button button--primary" href={`/painel/leads/${lead.id}/proposta`}>
            Escrever proposta
          </a>
        </p>
      )}
      <section className="team-card" aria-labelledby="dados">
        <h2 id="dados">O que a pessoa enviou</h2>
        <Lines lines={lead.lines} />
      </section>
      {lead.freight && <FreightCard freight={lead.freight} />}
      {lead.proposals && <Proposals proposals={lead.proposals} />}
      <LeadForms lead={lead} form={form} errors={errors ?? {}} />
      <section className="team-card" aria-labelledby="envios">
        <h2 id="envios">E-mail e webhook</h2>
        {lead.deliveries.length ? <Lines lines={lead.deliveries} /> : <p>Nenhum envio: e-mail e webhook desligados.</p>}
      </section>
      <section className="team-card" aria-labelledby="notas">
        <h2 id="notas">Notas</h2>
        {lead.notes.length === 0 && <p>Nenhuma nota ainda.</p>}
        <ul className="team-list">
          {lead.notes.map((note) => (
            <li className="team-list__item" key={`${note.at}${note.author}`}>
              <p className="lead-meta">
                {note.author || 'Ex-membro'} · {note.at}
              </p>
              <p className="lead-note">{note.body}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="team-card" aria-labelledby="historico">
        <h2 id="historico">Histórico</h2>
        <ol className="team-list">
          {lead.history.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an audit line never moves; two may share their second.
            <li className="team-list__item" key={index}>
              <p>{line.what}</p>
              <p className="lead-meta">
                {line.who} · {line.at}
              </p>
            </li>
          ))}
        </ol>
      </section>
      {lead.kind === 'contact' && <SpamForm id={lead.id} />}
      {lead.admin && <EraseForm id={lead.id} />}
    </>
  );
}

/** A quote's proposals (docs/requirements.md §9.6), newest first; the way to write one is at the top of the page. */
function Proposals({ proposals }: { proposals: NonNullable<LeadView['proposals']> }) {
  return (
    <section className="team-card" aria-labelledby="propostas">
      <h2 id="propostas">Propostas</h2>
      {proposals.length === 0 && <p>Nenhuma proposta enviada ainda.</p>}
      <ul className="team-list">
        {proposals.map((proposal) => (
          <li className="team-list__item" key={proposal.sent + proposal.price}>
            <p>
              <strong>{proposal.price}</strong> · {proposal.state}
            </p>
            <p className="lead-meta">Enviada em {proposal.sent}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the lead stands against the promise: when it falls due while it waits, else how long it took. */
function Clock({ lead }: { lead: LeadView }) {
  const { state, due, waited } = lead.clock;
  return (
    <p className="lead-clock">
      {state && due ? (
        <>
          <DueTime state={state} due={due} /> <PromiseMark state={state} /> <span>Há {waited}</span>
        </>
      ) : (
        <>Respondido em {waited}</>
      )}
    </p>
  );
}

/**
 * "Respondi" (docs/requirements.md §6.4): answered by e-mail, WhatsApp or phone, one tap stops the clock. It is the
 * status form's change to Em contato, with the lead taken when nobody had it.
 */
function AnsweredForm({ lead, version }: { lead: LeadView; version: number }) {
  return (
    <form method="post" action={`/painel/leads/${lead.id}`} className="lead-answered">
      <input type="hidden" name="versao" value={version} />
      <input type="hidden" name="situacao" value="contacted" />
      <input type="hidden" name="feito" value="respondi" />
      {!lead.work.owner && <input type="hidden" name="responsavel" value={lead.selfId} />}
      <button className="button button--primary" type="submit" aria-describedby="respondi-ajuda">
        Respondi
      </button>
      <p className="team-help" id="respondi-ajuda">
        Marca como Em contato e para o relógio{lead.work.owner ? '' : ', e o lead fica com você'}.
      </p>
    </form>
  );
}

function Lines({ lines }: { lines: ShownLine[] }) {
  return (
    <dl className="lead-lines">
      {lines.map(({ label, value, href }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move; two deliveries may read alike.
        <div key={index}>
          <dt>{label}</dt>
          <dd>{href ? <a href={href}>{value}</a> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A contact the filter let through, sent to the folder (docs/requirements.md §6.4): quotes are not weighed, so only a
 * contact has it. Secondary on purpose: the work on the lead comes first.
 */
function SpamForm({ id }: { id: string }) {
  return (
    <section className="team-card" aria-labelledby="spam">
      <h2 id="spam">É spam?</h2>
      <p>Sai da caixa de entrada e fica em “Marcados como spam”, de onde “Não é spam” o traz de volta.</p>
      <form method="post" action={`/painel/leads/${id}/spam`} className="team-form">
        <button className="button button--ghost lead-spam" type="submit">
          É spam
        </button>
      </form>
    </section>
  );
}

function EraseForm({ id }: { id: string }) {
  return (
    <section className="team-card" aria-labelledby="eliminar">
      <h2 id="eliminar">Eliminar os dados desta pessoa</h2>
      <p>
        Apaga de vez todos os contatos e cotações enviados com este e-mail, suas notas e cópias, como pede a LGPD (art.
        18). O CRM é avisado. Não há como desfazer.
      </p>
      <form method="post" action={`/painel/leads/${id}/eliminar`} className="team-form">
        <label className="team-check">
          <input type="checkbox" name="confirmo" value="sim" required /> Entendo que os dados serão apagados de vez
        </label>
        <button className="button button--primary lead-danger" type="submit">
          Eliminar os dados desta pessoa
        </button>
      </form>
    </section>
  );
}
