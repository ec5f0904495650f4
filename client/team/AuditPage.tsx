import type { AuditEntry } from '../../shared/audit';

type Props = {
  entries: AuditEntry[];
  actions: Record<string, string>;
  members: { id: string; name: string }[];
  filter: { actorId?: string; action?: string };
  /** The next, older page's address, when there is one. */
  older?: string;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });

/** A lead by its person, linked to its page while it exists; its id one tap away when it is gone. */
function LeadName({ lead }: { lead: AuditEntry['leads'][number] }) {
  if (lead.href) return <a href={lead.href}>{lead.text}</a>;
  return (
    <details className="audit-id">
      <summary>{lead.text}</summary>
      <code>{lead.id}</code>
    </details>
  );
}

/** The leads a line touched: each by name, or past a few, their count opening onto the list. */
function Leads({ leads }: { leads: AuditEntry['leads'] }) {
  if (leads.length === 0) return null;
  const list = (
    <ul className="audit-leads">
      {leads.map((lead) => (
        <li key={lead.id}>
          <LeadName lead={lead} />
        </li>
      ))}
    </ul>
  );
  if (leads.length <= 3) return list;
  return (
    <details>
      <summary>{leads.length} leads</summary>
      {list}
    </details>
  );
}

/** One line: what, when and who first, then what it was about, in words; the ids and addresses folded. */
function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="audit-entry">
      <p className="audit-entry__head">
        <strong>{entry.what}</strong> <time dateTime={entry.at}>{when(entry.at)}</time>
      </p>
      <p className="audit-entry__who">{entry.who}</p>
      {(entry.about || entry.facts.length > 0 || entry.leads.length > 0) && (
        <div className="audit-entry__about">
          {entry.about && <p>{entry.about}</p>}
          {entry.facts.length > 0 && (
            <dl className="audit-facts">
              {entry.facts.map(({ label, value }) => (
                <div key={label}>
                  <dt>{label}:</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <Leads leads={entry.leads} />
        </div>
      )}
      {(entry.ip || entry.requestId || entry.whoDetail) && (
        <details className="audit-id">
          <summary>
            De onde <span className="visually-hidden">(linha {entry.seq})</span>
          </summary>
          <dl className="audit-facts">
            {entry.whoDetail && (
              <div>
                <dt>Registrado como:</dt>
                <dd>{entry.whoDetail}</dd>
              </div>
            )}
            {entry.ip && (
              <div>
                <dt>Endereço:</dt>
                <dd>{entry.ip}</dd>
              </div>
            )}
            {entry.requestId && (
              <div>
                <dt>Requisição:</dt>
                <dd>
                  <code>{entry.requestId}</code>
                </dd>
              </div>
            )}
          </dl>
        </details>
      )}
    </li>
  );
}

export function AuditPage({ entries, actions, members, filter, older }: Props) {
  return (
    <>
      <h1>Registro</h1>
      <p>Cada entrada, convite, mudança de acesso, consulta, exportação e eliminação de dados. Nada aqui se edita.</p>
      <form method="get" action="/painel/registro" className="team-filter">
        <div className="field">
          <label htmlFor="membro">Membro</label>
          <select id="membro" name="membro" defaultValue={filter.actorId ?? ''}>
            <option value="">Todos</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="acao">Ação</label>
          <select id="acao" name="acao" defaultValue={filter.action ?? ''}>
            <option value="">Todas</option>
            {Object.entries(actions).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button className="button button--ghost" type="submit">
          Filtrar
        </button>
      </form>
      {entries.length === 0 ? (
        <p role="status">Nenhuma linha com este filtro.</p>
      ) : (
        // A card per line, on a phone as on a desktop: nothing scrolls sideways (docs/requirements.md §11.6).
        <ol className="audit-list" aria-label="Linhas do registro, mais recentes primeiro">
          {entries.map((entry) => (
            <Entry key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
      {older && (
        <p>
          <a href={older}>Linhas mais antigas</a>
        </p>
      )}
    </>
  );
}
