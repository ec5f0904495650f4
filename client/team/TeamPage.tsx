import type { PageNotice } from '../../shared/team';
import { Notice } from './TeamDocument';

type MemberView = {
  id: string;
  name: string;
  email: string;
  role: 'vendas' | 'admin';
  passkeys: number;
  sessions: number;
};

const ROLE_NAMES = { vendas: 'Vendas', admin: 'Administração' } as const;

type Props = {
  members: MemberView[];
  selfId: string;
  notice?: PageNotice;
  /** With e-mail off, the invitation just made: its link, and its code to hand over by another way. */
  invitation?: { link: string; code?: string };
};

export function TeamPage({ members, selfId, notice, invitation }: Props) {
  return (
    <>
      <h1>Equipe</h1>
      <Notice notice={notice} />
      {invitation && (
        <div className="team-notice team-notice--info">
          <p>
            Link do convite (vale 7 dias, uso único): <code className="team-code">{invitation.link}</code>
          </p>
          {invitation.code && (
            <p>
              Código do convite: <code className="team-code">{invitation.code}</code>. Passe-o à pessoa por outro meio
              (telefone, pessoalmente), não junto com o link: sem ele o link não dá acesso.
            </p>
          )}
        </div>
      )}
      <section className="team-card" aria-labelledby="convidar">
        <h2 id="convidar">Convidar</h2>
        <form method="post" action="/painel/equipe/convidar" className="team-form">
          <div className="field">
            <label htmlFor="invite-name">Nome</label>
            <input id="invite-name" name="name" required maxLength={100} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor="invite-email">E-mail</label>
            <input id="invite-email" name="email" type="email" required maxLength={254} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor="invite-role">Papel</label>
            <select id="invite-role" name="role" defaultValue="vendas">
              <option value="vendas">{ROLE_NAMES.vendas}: vê e trabalha os leads</option>
              <option value="admin">{ROLE_NAMES.admin}: também a equipe, exportações e o registro</option>
            </select>
          </div>
          <button className="button button--primary" type="submit">
            Enviar convite
          </button>
        </form>
      </section>
      <section className="team-card" aria-labelledby="membros">
        <h2 id="membros">Membros</h2>
        <ul className="team-list">
          {members.map((member) => (
            <li key={member.id} className="team-list__item">
              <p>
                <strong>{member.name}</strong> · {member.email}
                {member.id === selfId && ' (você)'}
              </p>
              <p className="team-help">
                {ROLE_NAMES[member.role]} · {member.passkeys} {member.passkeys === 1 ? 'chave' : 'chaves'} ·{' '}
                {member.sessions} {member.sessions === 1 ? 'sessão ativa' : 'sessões ativas'}
              </p>
              {member.id !== selfId && (
                <div className="team-actions">
                  <form method="post" action={`/painel/equipe/${member.id}/papel`} className="team-inline">
                    <label htmlFor={`papel-${member.id}`} className="visually-hidden">
                      Papel de {member.name}
                    </label>
                    <select id={`papel-${member.id}`} name="role" defaultValue={member.role}>
                      <option value="vendas">{ROLE_NAMES.vendas}</option>
                      <option value="admin">{ROLE_NAMES.admin}</option>
                    </select>
                    <button className="button button--ghost" type="submit">
                      Mudar papel <span className="visually-hidden">de {member.name}</span>
                    </button>
                  </form>
                  <form method="post" action={`/painel/equipe/${member.id}/encerrar-sessoes`}>
                    <button className="button button--ghost" type="submit">
                      Encerrar sessões <span className="visually-hidden">de {member.name}</span>
                    </button>
                  </form>
                  <a className="team-link-button team-link-button--danger" href={`/painel/equipe/${member.id}/revogar`}>
                    Revogar acesso <span className="visually-hidden">de {member.name}</span>
                  </a>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

type RevokeProps = {
  member: { id: string; name: string };
  /** The active members who may take the open leads. */
  heirs: { id: string; name: string }[];
  notice?: PageNotice;
};

/**
 * A revocation asked for, not yet done (docs/requirements.md §6.3): what it ends, and who takes the member's open
 * leads, chosen on purpose (nobody included). A plain form: it works without JavaScript.
 */
export function RevokePage({ member, heirs, notice }: RevokeProps) {
  return (
    <section className="team-card" aria-labelledby="revogar-titulo">
      <h1 id="revogar-titulo">Revogar o acesso de {member.name}?</h1>
      <Notice notice={notice} />
      <p>
        As chaves de acesso, as sessões e os convites de {member.name} deixam de valer agora, em todos os servidores. O
        nome continua no histórico e nos leads já encerrados, marcado “(acesso revogado)”.
      </p>
      <form method="post" action={`/painel/equipe/${member.id}/revogar`} className="team-form">
        <div className="field">
          <label htmlFor="para">Quem assume os leads abertos de {member.name}</label>
          <select id="para" name="para" required defaultValue="" aria-describedby="para-ajuda">
            <option value="" disabled>
              Escolha…
            </option>
            {heirs.map((heir) => (
              <option key={heir.id} value={heir.id}>
                {heir.name}
              </option>
            ))}
            <option value="ninguem">Ninguém: ficam sem responsável</option>
          </select>
          <p className="team-help" id="para-ajuda">
            Leads novos, em contato e com proposta enviada. Os ganhos e perdidos continuam com {member.name}.
          </p>
        </div>
        <div className="team-actions">
          <button className="button button--danger" type="submit">
            Revogar acesso
          </button>
          <a href="/painel/equipe">Cancelar</a>
        </div>
      </form>
    </section>
  );
}
