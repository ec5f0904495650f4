import type { PageNotice } from '../../shared/team';
import { NeedsJavaScript, PasskeyStatus } from './SignInPages';
import { Notice } from './TeamDocument';

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt?: string };

type Props = {
  name: string;
  email: string;
  passkeys: PasskeyView[];
  /** Signed in by a code or a link: the only thing to do is to add a passkey. */
  enrolOnly: boolean;
  notice?: PageNotice;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export function AccountPage({ name, email, passkeys, enrolOnly, notice }: Props) {
  return (
    <>
      <h1>Minha conta</h1>
      <p>
        {name} · {email}
      </p>
      <Notice notice={notice} />
      <section className="team-card" aria-labelledby="nova-chave">
        <h2 id="nova-chave">{enrolOnly ? 'Cadastre sua chave de acesso' : 'Adicionar chave de acesso'}</h2>
        <p>
          Uma chave de acesso (passkey) fica no celular ou no computador e se desbloqueia com a digital, o rosto ou o
          PIN do aparelho. Cadastre uma em cada aparelho que você usa.
        </p>
        <div className="team-form">
          <div className="field">
            <label htmlFor="passkey-name">Nome desta chave</label>
            <input id="passkey-name" name="passkey-name" maxLength={60} placeholder="Ex.: celular, notebook" />
          </div>
          <button className="button button--primary" type="button" data-passkey="register" disabled>
            Cadastrar chave de acesso
          </button>
        </div>
        <NeedsJavaScript instead="Ative-o para cadastrar a chave neste aparelho." />
        <PasskeyStatus />
      </section>
      {!enrolOnly && (
        <>
          <section className="team-card" aria-labelledby="suas-chaves">
            <h2 id="suas-chaves">Suas chaves de acesso</h2>
            <ul className="team-list">
              {passkeys.map((passkey) => (
                <li key={passkey.id} className="team-list__item">
                  <form
                    method="post"
                    action={`/painel/conta/chaves/${encodeURIComponent(passkey.id)}/nome`}
                    className="team-inline"
                  >
                    <label htmlFor={`nome-${passkey.id}`} className="visually-hidden">
                      Nome da chave
                    </label>
                    <input id={`nome-${passkey.id}`} name="name" maxLength={60} required defaultValue={passkey.name} />
                    <button className="button button--ghost" type="submit">
                      Renomear <span className="visually-hidden">{passkey.name}</span>
                    </button>
                  </form>
                  <p className="team-help">
                    Cadastrada em {when(passkey.createdAt)}
                    {passkey.lastUsedAt ? ` · último uso em ${when(passkey.lastUsedAt)}` : ' · nunca usada'}
                  </p>
                  <form method="post" action={`/painel/conta/chaves/${encodeURIComponent(passkey.id)}/remover`}>
                    <button className="team-link-button team-link-button--danger" type="submit">
                      Remover <span className="visually-hidden">{passkey.name}</span>
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          </section>
          <section className="team-card" aria-labelledby="dispositivos">
            <h2 id="dispositivos">Sessões</h2>
            <p>Perdeu um aparelho? Encerre todas as sessões abertas com a sua conta, menos esta.</p>
            <form method="post" action="/painel/conta/sair-de-todos">
              <button className="button button--ghost" type="submit">
                Sair de todos os dispositivos
              </button>
            </form>
          </section>
        </>
      )}
    </>
  );
}
