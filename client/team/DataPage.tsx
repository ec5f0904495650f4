import type { PageNotice } from '../../shared/team';
import { Notice } from './TeamDocument';

/**
 * What an erasure did, and what it could not do: the operator's steps outside the site (docs/requirements.md §10.17).
 */
type Outcome = { erased: string; told?: string; stillToDo: string[] };

function ErasureOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <section className="team-notice team-notice--ok" role="status" aria-labelledby="eliminado">
      <h2 id="eliminado">Eliminação feita</h2>
      <p>{outcome.erased}</p>
      {outcome.told && <p>{outcome.told}</p>}
      {outcome.stillToDo.length > 0 && (
        <>
          <p>
            <strong>Ainda falta, fora do site:</strong>
          </p>
          <ul>
            {outcome.stillToDo.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** What admins alone do with the leads' personal data: export them, and erase a person's (LGPD art. 18). */
export function DataPage({ notice, email = '', outcome }: { notice?: PageNotice; email?: string; outcome?: Outcome }) {
  return (
    <>
      <h1>Dados pessoais</h1>
      <Notice notice={notice} />
      {outcome && <ErasureOutcome outcome={outcome} />}
      <section className="team-card" aria-labelledby="exportar">
        <h2 id="exportar">Exportar</h2>
        <p>Planilhas CSV de todos os leads, para o Excel ou o LibreOffice. Cada exportação fica no registro.</p>
        <ul className="team-links">
          <li>
            <a href="/painel/dados/contatos.csv" download>
              Baixar contatos (CSV)
            </a>
          </li>
          <li>
            <a href="/painel/dados/cotacoes.csv" download>
              Baixar cotações (CSV)
            </a>
          </li>
        </ul>
      </section>
      <section className="team-card" aria-labelledby="eliminar">
        <h2 id="eliminar">Eliminar os dados de uma pessoa</h2>
        <p>
          Apaga de vez do site todos os contatos e cotações enviados com este e-mail, com as entregas ainda na fila,
          como pede a LGPD (art. 18); o CRM é avisado por webhook. Não há como desfazer. O site não alcança os e-mails
          de aviso já entregues à caixa de vendas nem os backups: ao terminar, esta página diz o que ainda falta fazer.
        </p>
        <form method="post" action="/painel/dados/eliminar" className="team-form">
          <div className="field">
            <label htmlFor="subject-email">E-mail da pessoa</label>
            <input id="subject-email" name="email" type="email" required maxLength={254} defaultValue={email} />
          </div>
          <label className="team-check">
            <input type="checkbox" name="confirmo" value="sim" required /> Entendo que os dados serão apagados de vez
          </label>
          <button className="button button--primary" type="submit">
            Eliminar os dados
          </button>
        </form>
      </section>
    </>
  );
}
