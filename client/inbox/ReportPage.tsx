import { achievements } from '../../shared/content';
import type { DeliveryFigures } from '../../shared/delivery-report';
import type { SourceCount, WeekReport, WonValue } from '../../shared/inbox-report';
import { numberText, reaisText } from '../../shared/number-text';

// The weekly report (docs/requirements.md §6.4), rendered on the server: a summary of
// the promise first, as a Monday meeting reads it, then two narrow tables that fit a phone's width.

type Props = {
  report: WeekReport;
  /** The week's deliveries and the measured figures beside the page's claims (docs/requirements.md §12.14). */
  deliveries: DeliveryFigures;
  /** What could not be read of the request, in Portuguese. */
  problems: string[];
  /** The inbox's view of a source (and campaign) in this week, when one can be linked. */
  inboxLink: (count: SourceCount) => string | undefined;
  /** Whether the next week has begun: no link to a week with nothing in it yet. */
  hasNext: boolean;
  /** Whether this is the week still running: its figures are so far. */
  current: boolean;
};

const day = (date: string) => date.split('-').reverse().join('/');
const percent = (part: number, whole: number) => `${numberText(Math.round((100 * part) / whole))}%`;

/** Business time as people say it: '1 h 25 min', '40 min', 'menos de 1 min'. */
function duration(ms: number | undefined) {
  if (ms === undefined) return '—';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'menos de 1 min';
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  return [hours && `${hours} h`, rest && `${rest} min`].filter(Boolean).join(' ');
}

const sourceName = (count: SourceCount) => count.source ?? 'Sem UTM (direto)';

function Source({ count, link }: { count: SourceCount; link: string | undefined }) {
  return link ? <a href={link}>{sourceName(count)}</a> : sourceName(count);
}

/** The share within the promise, over the leads whose outcome is known, and what is left out of it. */
function WithinPromise({ report }: { report: WeekReport }) {
  const { withinPromise, decided, pending } = report;
  const left = pending > 0 ? `; ${pending} ainda no prazo, sem resposta` : '';
  if (decided === 0)
    return (
      <>
        — <span className="team-help">(todos os {pending} ainda no prazo, sem resposta)</span>
      </>
    );
  return (
    <>
      {percent(withinPromise, decided)}{' '}
      <span className="team-help">
        ({withinPromise} de {decided} respondidos ou com prazo vencido{left})
      </span>
    </>
  );
}

/** The value accepted in the week by one grouping (a lane, a segment), as a narrow table. */
function WonTable({ caption, heading, groups }: { caption: string; heading: string; groups: WonValue[] }) {
  return (
    <table className="team-table team-card">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Cotações</th>
          <th scope="col">Valor ganho</th>
        </tr>
      </thead>
      <tbody>
        {groups.map(({ name, quotes, cents }) => (
          <tr key={name}>
            <td>{name}</td>
            <td>{quotes}</td>
            <td>{reaisText(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The week's proposals (docs/requirements.md §9.6): sent, how soon after the quote, accepted, and the value won. */
function Proposals({ report }: { report: WeekReport }) {
  const { sent, medianToProposal, accepted, decided, wonCents, byLane, bySegment } = report.proposals;
  return (
    <section className="team-card" aria-labelledby="propostas">
      <h2 id="propostas">Propostas</h2>
      {sent === 0 && wonCents === 0 ? (
        <p role="status">Nenhuma proposta enviada ou aceita nesta semana.</p>
      ) : (
        <dl className="team-figures">
          <div>
            <dt>Propostas enviadas</dt>
            <dd>{sent}</dd>
          </div>
          <div>
            <dt>Da cotação à proposta, mediana</dt>
            <dd>{duration(medianToProposal)}</dd>
          </div>
          <div>
            <dt>Aceitas</dt>
            <dd>
              {decided === 0 ? '—' : percent(accepted, decided)}{' '}
              <span className="team-help">
                ({accepted} de {decided} respondidas ou vencidas)
              </span>
            </dd>
          </div>
          <div>
            <dt>Valor ganho na semana</dt>
            <dd>{reaisText(wonCents)}</dd>
          </div>
        </dl>
      )}
      <p className="team-help">
        Enviadas nesta semana; tempo em horas úteis, da chegada da cotação à sua primeira proposta. O valor ganho é o
        das propostas aceitas nesta semana.
      </p>
      {byLane.length > 0 && (
        <>
          <WonTable caption="Valor ganho na semana por rota" heading="Rota" groups={byLane} />
          <WonTable caption="Valor ganho na semana por segmento" heading="Segmento" groups={bySegment} />
        </>
      )}
    </section>
  );
}

/** A claim as the page states it (shared/content.ts), by its figure's icon: the owner's text, never ours. */
const claimed = (icon: string) => achievements.figures.find((figure) => figure.icon === icon)?.value ?? '—';

/** 'X% (n de m com data prometida)', or a dash when none had a promise. */
const share = (part: number, whole: number) =>
  whole === 0 ? '—' : `${percent(part, whole)} (${part} de ${whole} com data prometida)`;

/** Hours as days and hours: '6 d 4 h'. */
const transit = (hours: number) => {
  const whole = Math.round(hours);
  return whole < 24 ? `${whole} h` : `${Math.floor(whole / 24)} d ${whole % 24} h`;
};

/** The deliveries (§12.14): the week's, the transit by lane, the open ocorrências, and the claims measured. */
function Deliveries({ deliveries }: { deliveries: DeliveryFigures }) {
  const { allTime } = deliveries;
  return (
    <section className="team-card" aria-labelledby="entregas">
      <h2 id="entregas">Entregas</h2>
      <dl className="team-figures">
        <div>
          <dt>Entregas na semana</dt>
          <dd>{deliveries.delivered}</dd>
        </div>
        <div>
          <dt>Entregues até a data prometida</dt>
          <dd>{share(deliveries.onTime, deliveries.promised)}</dd>
        </div>
        <div>
          <dt>Ocorrências abertas agora</dt>
          <dd>
            {deliveries.openOccurrences.length === 0
              ? 'nenhuma'
              : deliveries.openOccurrences.map(({ label, count }) => `${label}: ${count}`).join('; ')}
          </dd>
        </div>
      </dl>
      {deliveries.byLane.length > 0 && (
        <table className="team-table">
          <caption>Trânsito (coleta → entrega), mediana por rota</caption>
          <thead>
            <tr>
              <th scope="col">Rota</th>
              <th scope="col">Entregas</th>
              <th scope="col">Mediana</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.byLane.map((lane) => (
              <tr key={lane.lane}>
                <th scope="row">{lane.lane}</th>
                <td>{lane.deliveries}</td>
                <td>{transit(lane.medianHours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>O que o site afirma, e o que foi medido</h3>
      <ul>
        <li>
          “{claimed('package')}” entregas realizadas; medido:{' '}
          {allTime.since
            ? `${allTime.delivered} entregas registradas desde ${new Date(allTime.since).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`
            : 'nenhuma entrega registrada ainda'}
          .
        </li>
        <li>
          “{claimed('clock')}” de pontualidade; medido: {share(allTime.onTime, allTime.promised)}.
        </li>
      </ul>
      <p className="team-help">
        As afirmações ficam como a empresa as escreveu; os números medidos contam só os embarques registrados neste
        site.
      </p>
    </section>
  );
}

export function ReportPage({ report, deliveries, problems, inboxLink, hasNext, current }: Props) {
  const { week, leads } = report;
  return (
    <>
      <h1>Relatório semanal</h1>
      <p>
        Semana de <strong>{day(week.monday)}</strong> a <strong>{day(week.sunday)}</strong> (segunda a domingo, horário
        de Brasília){current && ', em curso: os números são até agora'}.
      </p>
      {problems.map((problem) => (
        <p key={problem} className="team-notice team-notice--error" role="alert">
          {problem}
        </p>
      ))}
      <nav aria-label="Outras semanas" className="team-actions">
        <a href={`/painel/relatorio?semana=${week.previous}`}>← Semana anterior</a>
        {hasNext && <a href={`/painel/relatorio?semana=${week.next}`}>Próxima semana →</a>}
        {!current && <a href="/painel/relatorio">Esta semana</a>}
      </nav>
      <form method="get" action="/painel/relatorio" className="team-filter">
        <div className="field">
          <label htmlFor="semana">Semana do dia</label>
          <input id="semana" name="semana" type="date" defaultValue={week.monday} />
        </div>
        <button className="button button--ghost" type="submit">
          Ver semana
        </button>
      </form>

      <section className="team-card" aria-labelledby="promessa">
        <h2 id="promessa">A promessa: resposta em até 2 horas úteis</h2>
        {leads === 0 ? (
          <p role="status">Nenhum lead chegou nesta semana.</p>
        ) : (
          <dl className="team-figures">
            <div>
              <dt>Leads recebidos</dt>
              <dd>{leads}</dd>
            </div>
            <div>
              <dt>Respondidos em até 2 horas úteis</dt>
              <dd>
                <WithinPromise report={report} />
              </dd>
            </div>
            <div>
              <dt>Primeira resposta, mediana</dt>
              <dd>{duration(report.median)}</dd>
            </div>
            <div>
              <dt>Primeira resposta, 90% em até</dt>
              <dd>{duration(report.p90)}</dd>
            </div>
            <div>
              <dt>Ainda sem resposta</dt>
              <dd>{report.unanswered}</dd>
            </div>
          </dl>
        )}
        <p className="team-help">
          Tempo em horas úteis, da chegada do lead até ele sair de “Novo”. Um lead ainda sem resposta conta nos tempos
          com o que já esperou; na porcentagem, só depois que o prazo dele vence.
        </p>
      </section>

      <Proposals report={report} />

      <Deliveries deliveries={deliveries} />

      {leads > 0 && (
        <>
          <h2>Leads por origem e campanha</h2>
          <table className="team-table team-card">
            <caption className="visually-hidden">Leads da semana por origem (utm_source) e campanha</caption>
            <thead>
              <tr>
                <th scope="col">Origem</th>
                <th scope="col">Campanha</th>
                <th scope="col">Leads</th>
              </tr>
            </thead>
            <tbody>
              {report.bySourceCampaign.map((count) => (
                <tr key={`${count.source}|${count.campaign}`}>
                  <td>
                    <Source count={count} link={inboxLink(count)} />
                  </td>
                  <td>{count.campaign ?? '—'}</td>
                  <td>{count.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h2>Ganhos e perdidos por origem</h2>
          <table className="team-table team-card">
            <caption className="visually-hidden">Situação atual dos leads da semana, por origem</caption>
            <thead>
              <tr>
                <th scope="col">Origem</th>
                <th scope="col">Leads</th>
                <th scope="col">Ganhos</th>
                <th scope="col">Perdidos</th>
              </tr>
            </thead>
            <tbody>
              {report.bySource.map((count) => (
                <tr key={count.source ?? ''}>
                  <td>
                    <Source count={count} link={inboxLink(count)} />
                  </td>
                  <td>{count.leads}</td>
                  <td>{count.won}</td>
                  <td>{count.lost}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
