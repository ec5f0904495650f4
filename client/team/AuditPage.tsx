type AuditRow = {
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject?: string;
  detail?: string;
  ip?: string;
  requestId?: string;
};

type Props = {
  rows: AuditRow[];
  actions: Record<string, string>;
  members: { id: string; name: string }[];
  filter: { actorId?: string; action?: string };
  /** The next, older page's address, when there is one. */
  older?: string;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });

export function AuditPage({ rows, actions, members, filter, older }: Props) {
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
      {rows.length === 0 ? (
        <p role="status">Nenhuma linha com este filtro.</p>
      ) : (
        // It scrolls sideways on a phone: focusable and named, so the keyboard scrolls it too (WCAG 2.1.1;
        // axe's scrollable-region-focusable), as the ARIA Authoring Practices' scrollable table does. Its
        // name is a heading, which names the table too: HTML wants a section to have one (Nu Html Checker).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled.
        <section className="team-table-wrap" aria-labelledby="registro-linhas" tabIndex={0}>
          <h2 id="registro-linhas" className="visually-hidden">
            Linhas do registro, mais recentes primeiro
          </h2>
          <table className="team-table" aria-labelledby="registro-linhas">
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Quem</th>
                <th scope="col">O quê</th>
                <th scope="col">Sobre</th>
                <th scope="col">De onde</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.seq}>
                  <td>{when(row.at)}</td>
                  <td>{row.actor}</td>
                  <td>{actions[row.action] ?? row.action}</td>
                  <td>{[row.subject, row.detail].filter(Boolean).join(' · ')}</td>
                  <td>
                    {row.ip}
                    {row.requestId && <span className="team-help"> {row.requestId}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {older && (
        <p>
          <a href={older}>Linhas mais antigas</a>
        </p>
      )}
    </>
  );
}
