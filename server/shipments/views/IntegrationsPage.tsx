import { Field } from './Field';
import type { IntegrationsProps } from './model';

// /painel/integracoes (docs/requirements.md §12.13, admins): who may post a shipment's events, each
// with its token and signing secret shown once, and revoked at once.

export function IntegrationsPage({ integrations, shown, notice, errors }: IntegrationsProps) {
  return (
    <>
      <h1>Integrações de eventos</h1>
      <p className="team-help">
        Um TMS ou um rastreador envia os eventos dos embarques pela API <code>POST /api/shipment-events</code> (veja a
        documentação da API).
      </p>
      {notice && (
        <p className={`team-notice team-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {shown && (
        <section className="team-card" aria-labelledby="nova-titulo">
          <h2 id="nova-titulo">Integração {shown.name} criada</h2>
          <p>Copie agora: o token e o segredo aparecem só esta vez.</p>
          <dl className="lead-lines">
            <div>
              <dt>Token (Authorization: Bearer)</dt>
              <dd className="team-code">{shown.token}</dd>
            </div>
            <div>
              <dt>Segredo de assinatura (Standard Webhooks)</dt>
              <dd className="team-code">{shown.secret}</dd>
            </div>
            <div>
              <dt>Endereço para envios assinados</dt>
              <dd className="team-code">{shown.endpoint}</dd>
            </div>
          </dl>
        </section>
      )}
      <section className="team-card" aria-labelledby="lista-titulo">
        <h2 id="lista-titulo">Integrações</h2>
        {integrations.length === 0 ? (
          <p className="inbox-empty">Nenhuma integração ainda.</p>
        ) : (
          <ul className="team-list">
            {integrations.map((integration) => (
              <li key={integration.id} className="team-list__item">
                <span>
                  <strong>{integration.name}</strong> · criada em {integration.created}
                  {integration.revoked ? ` · revogada em ${integration.revoked}` : ''}
                </span>
                {!integration.revoked && (
                  <form method="post" action={`/painel/integracoes/${integration.id}/revogar`} className="team-inline">
                    <button className="team-link-button team-link-button--danger" type="submit">
                      Revogar <span className="visually-hidden">{integration.name}</span>
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
        <form method="post" action="/painel/integracoes" className="team-form" noValidate>
          <Field name="nome" label="Nome da nova integração (como “TMS”)" values={{}} errors={errors} required />
          <button className="button button--primary" type="submit">
            Criar integração
          </button>
        </form>
      </section>
    </>
  );
}
