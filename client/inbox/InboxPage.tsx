import type { InboxRow, ViewParams } from '../../shared/inbox';
import { InboxFilter } from './InboxFilter';
import { InboxRows } from './InboxRows';

type Props = {
  rows: InboxRow[];
  members: { id: string; name: string }[];
  /** The view as its URL gave it, to fill the form in again. */
  params: ViewParams;
  /** What the URL asked that could not be read, in Portuguese: left out of the view, never a 400. */
  problems: string[];
  /** The next, older page's address, when there is one. */
  older?: string;
  /** The first page's address, when this is a later one. */
  first?: string;
};

/** The inbox, /painel (issue 34 Deliver 1; docs/requirements.md §6.4): every lead, newest first. */
export function InboxPage({ rows, members, params, problems, older, first }: Props) {
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
      <InboxFilter params={params} members={members} />
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
