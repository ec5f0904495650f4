import type { PageNotice } from '../../shared/team';
import { Notice } from './TeamDocument';

/** What admins alone do with the leads' personal data: export them, and erase a person's (LGPD art. 18). */
export function DataPage({ notice, email = '' }: { notice?: PageNotice; email?: string }) {
  return (
    <>
      <h1>Dados pessoais</h1>
      <Notice notice={notice} />
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
          Apaga de vez todos os contatos e cotações enviados com este e-mail, e as cópias deles, como pede a LGPD (art.
          18). O CRM é avisado. Não há como desfazer.
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
