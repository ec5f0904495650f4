import { type ListedLead, PARAMS, PROMISE_VIEWS, type ViewParams } from '../../shared/inbox';
import { InboxFilter } from './InboxFilter';
import { InboxRows } from './InboxRows';

type Props = {
  rows: ListedLead[];
  members: { id: string; name: string }[];
  /** The view as its URL gave it, to fill the form in again. */
  params: ViewParams;
  /** What the URL asked that could not be read, in Portuguese: left out of the view, never a 400. */
  problems: string[];
  /** The next, older page's address, when there is one. */
  older?: string;
  /** The first page's address, when this is a later one. */
  first?: string;
  /** This view as a spreadsheet: an admin's link only. */
  exportHref?: string;
  /** How many posts wait in the "Suspeitos" folder (docs/requirements.md §6.4): the team sees it fill. */
  suspects: number;
};

/** The inbox, /painel (docs/requirements.md §6.4): every lead, newest first. */
export function InboxPage({ rows, members, params, problems, older, first, exportHref, suspects }: Props) {
  const filtered = Object.values(params).some(Boolean);
  return (
    <>
      <h1>Leads</h1>
      {problems.length > 0 && (
        <div className="team-notice team-notice--error" role="alert">
          <p>Parte do filtro foi ignorada:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <PromiseLinks current={params.promise} suspects={suspects} />
      <InboxFilter params={params} members={members} />
      {exportHref && (
        <p className="inbox-export">
          <a href={exportHref} download>
            Exportar esta visão em planilha (CSV)
          </a>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="inbox-empty" role="status">
          {filtered || first ? 'Nenhum lead com este filtro.' : 'Nenhum lead chegou ainda.'}
        </p>
      ) : (
        <InboxRows rows={rows} />
      )}
      {(older || first) && (
        <nav className="inbox-pages" aria-label="Páginas da lista">
          {first && <a href={first}>Primeira página</a>}
          {older && <a href={older}>Mais antigos</a>}
        </nav>
      )}
    </>
  );
}

/**
 * The clock's views one tap away, on their own: what a salesperson opens first on a phone. The
 * filter form keeps the view with the other filters. Beside them, the folder of what the spam
 * filter held, with its size.
 */
function PromiseLinks({ current, suspects }: { current: string; suspects: number }) {
  const views: [string, string][] = [['', 'Todos os leads'], ...Object.entries(PROMISE_VIEWS)];
  return (
    <nav className="inbox-views" aria-label="Visões pelo prazo de 2 horas úteis, e os suspeitos de spam">
      <ul>
        {views.map(([view, label]) => (
          <li key={view}>
            <a
              href={view ? `/painel?${PARAMS.promise}=${view}` : '/painel'}
              aria-current={view === current ? 'page' : undefined}
            >
              {label}
            </a>
          </li>
        ))}
        <li className="inbox-views__folder">
          <a href="/painel/suspeitos">Suspeitos ({suspects})</a>
        </li>
      </ul>
    </nav>
  );
}
