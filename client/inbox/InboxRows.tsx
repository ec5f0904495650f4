import { businessWaitText } from '../../shared/business-hours';
import type { ListedLead } from '../../shared/inbox';
import type { Source } from '../../shared/lead';
import { LEAD_KINDS, LEAD_STATUS_LABELS } from '../../shared/lead-status';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { FreightFacts } from './FreightFacts';
import { DueTime, PromiseMark } from './PromiseMarks';
import { ReleasedMark } from './ReleasedMark';

/** Where a lead came from, as the team names it: its campaign when the visit had one, else the form. */
export const sourceText = (source?: Source) => {
  const campaign = [source?.utmSource, source?.utmCampaign].filter(Boolean).join(' / ');
  if (campaign) return campaign;
  return source?.form ? `formulário “${source.form}”` : 'não informada';
};

/** How long the lead waited: still waiting, on the promise's clock; or how long it took to answer. */
function Wait({ row }: { row: ListedLead }) {
  const waited = businessWaitText(row.waitedMs);
  return (
    <dd>
      {row.promise ? (
        <>
          Há {waited} <PromiseMark state={row.promise} />
          {row.due && (
            <>
              <br />
              <DueTime state={row.promise} due={row.due} />
            </>
          )}
        </>
      ) : row.respondedAt ? (
        <>Respondido em {waited}</>
      ) : (
        <>Esperou {waited}</>
      )}
      <br />
      <span className="inbox-item__arrival">
        chegou <time dateTime={row.createdAt}>{readableInSaoPaulo(row.createdAt)}</time>
      </span>
      {row.releasedAt && <br />}
      <ReleasedMark releasedAt={row.releasedAt} />
    </dd>
  );
}

/**
 * The leads of a view, newest first: one card each, so a phone at 375 px reads them without scrolling
 * sideways; the desktop lays each card out as a row (team.css, "inbox"). The name's link covers its
 * whole card (team.css), so a thumb opens the lead anywhere on it, and the card holds nothing else
 * to press (docs/requirements.md §6.4).
 */
export function InboxRows({ rows }: { rows: ListedLead[] }) {
  return (
    <ol className="inbox-list" aria-label="Leads, do mais novo ao mais antigo">
      {rows.map((row) => (
        <li key={row.id} className="inbox-item">
          <div className="inbox-item__who">
            <h2 className="inbox-item__name">
              <a href={`/painel/leads/${row.id}`}>{row.name}</a>
            </h2>
            <p className="inbox-item__company">{row.company ?? 'Sem empresa informada'}</p>
            <p className="inbox-item__summary">{row.summary}</p>
          </div>
          <dl className="inbox-item__facts">
            <div>
              <dt>Tipo</dt>
              <dd>{LEAD_KINDS[row.kind]}</dd>
            </div>
            <div>
              <dt>Situação</dt>
              <dd>
                <span className={`inbox-status inbox-status--${row.status}`}>{LEAD_STATUS_LABELS[row.status]}</span>
              </dd>
            </div>
            <div>
              <dt>Responsável</dt>
              <dd>
                {row.owner?.name ?? 'Ninguém'}
                {row.formerOwner && (
                  <>
                    <br />
                    <span className="inbox-item__arrival">antes: {row.formerOwner.name}</span>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>Origem</dt>
              <dd>{sourceText(row.source)}</dd>
            </div>
            {row.freight && <FreightFacts freight={row.freight} />}
            <div>
              <dt>Espera</dt>
              <Wait row={row} />
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
