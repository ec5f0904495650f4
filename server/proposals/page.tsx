import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { company, THEME_COLOR } from '../../shared/content';
import { Logo } from '../../shared/logo';
import {
  ACCEPTED_BY_MAX,
  type ProposalPageProps,
  type ProposalState,
  type ProposalView,
  REFUSAL_REASON_MAX,
} from '../../shared/proposal';
import { QUOTE_PATH } from '../../shared/quote-form';
import type { Manifest } from '../pages/assets';

// The customer's page of a proposal (docs/requirements.md §9.6): rendered here on the
// server and never hydrated, so its view lives beside its routes rather than in client/, which holds
// what the browser runs and the renderers' views; no script, and "Aceitar" and "Recusar" are plain
// POST forms. Never indexed (noindex here and in the header), never stored by a cache.

/** What it loads: the site's inlined stylesheet and the forms' (the team's), no script. */
type ProposalAssets = { css: string; favicon: string; stylesheet: string };

function ProposalDocument({ assets, children }: { assets: ProposalAssets; children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Proposta de frete · ${company.shortName}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, allowed by its hash. */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        <link rel="stylesheet" href={assets.stylesheet} />
      </head>
      <body className="team-body">
        <header className="team-header">
          <div className="container team-header__inner">
            <Logo href="/" />
          </div>
        </header>
        <main id="conteudo" className="container team-main">
          {children}
        </main>
      </body>
    </html>
  );
}

/** What the page says above the proposal, by where it stands. */
const HEADLINES: Record<ProposalState, string> = {
  open: 'Confira a proposta e responda abaixo.',
  accepted: 'Proposta aceita. Obrigado! Nossa equipe entra em contato para combinar a coleta.',
  refused: 'Proposta recusada. Obrigado por responder.',
  expired: 'Esta proposta expirou: o prazo para aceitá-la acabou.',
  superseded: 'Esta proposta foi substituída por uma mais nova, enviada ao seu e-mail.',
  voided: 'Esta proposta não vale mais: o frete desta cotação já foi fechado.',
};

function ProposalPage(props: ProposalPageProps) {
  if (props.state === 'missing')
    return (
      <section className="team-card" aria-labelledby="proposta-titulo">
        <h1 id="proposta-titulo">Proposta não encontrada</h1>
        <p>
          Este link não abre nenhuma proposta. Confira se ele foi copiado inteiro do e-mail, ou{' '}
          <a href={QUOTE_PATH}>peça uma nova cotação</a>.
        </p>
      </section>
    );
  if (props.state === 'refused')
    return (
      <section className="team-card" aria-labelledby="proposta-titulo">
        <h1 id="proposta-titulo">Proposta de frete</h1>
        <p className="team-notice team-notice--error" role="alert">
          {props.message}
        </p>
      </section>
    );
  const { proposal, errors = {}, values = {} } = props;
  return (
    <section className="team-card" aria-labelledby="proposta-titulo">
      <h1 id="proposta-titulo">Proposta de frete</h1>
      <p>Olá, {proposal.customer}.</p>
      <p
        className={`team-notice team-notice--${proposal.state === 'open' ? 'info' : proposal.state === 'accepted' ? 'ok' : 'error'}`}
        role="status"
      >
        {HEADLINES[proposal.state]}
        {proposal.answered && ` ${proposal.answered}`}
      </p>
      <dl className="lead-lines">
        {proposal.lines.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {proposal.conditions && (
        <>
          <h2>Condições</h2>
          <p className="lead-note">{proposal.conditions}</p>
        </>
      )}
      {proposal.state === 'open' &&
        (props.confirmRefusal ? (
          <ConfirmRefusal proposal={proposal} reason={values.motivo} />
        ) : (
          <Answer proposal={proposal} errors={errors} values={values} />
        ))}
      {(proposal.state === 'expired' || proposal.state === 'refused') && (
        <p>
          <a className="button button--primary" href={QUOTE_PATH}>
            Pedir uma nova cotação
          </a>
        </p>
      )}
      <p className="team-aside">Dúvidas? Ligue {company.phone.display} ou responda ao e-mail da proposta.</p>
    </section>
  );
}

type Typed = { aceito_por?: string; motivo?: string };

function Answer({ proposal, errors, values }: { proposal: ProposalView; errors: Typed; values: Typed }) {
  return (
    <>
      <h2>Aceitar</h2>
      <form method="post" action={`${proposal.path}/aceitar`} className="team-form" noValidate>
        <div className="field">
          <label htmlFor="aceito_por">Seu nome ou e-mail, como aceite</label>
          <input
            id="aceito_por"
            name="aceito_por"
            autoComplete="name"
            required
            maxLength={ACCEPTED_BY_MAX}
            defaultValue={values.aceito_por}
            aria-invalid={errors.aceito_por ? true : undefined}
            aria-describedby={errors.aceito_por ? 'aceito_por-erro' : undefined}
          />
          {errors.aceito_por && (
            <p className="lead-error" id="aceito_por-erro">
              {errors.aceito_por}
            </p>
          )}
        </div>
        <button className="button button--primary button--large" type="submit">
          Aceitar
        </button>
      </form>
      <h2>Recusar</h2>
      <form method="post" action={`${proposal.path}/recusar`} className="team-form" noValidate>
        <div className="field">
          <label htmlFor="motivo">Motivo (opcional)</label>
          <textarea
            id="motivo"
            name="motivo"
            rows={3}
            maxLength={REFUSAL_REASON_MAX}
            defaultValue={values.motivo}
            aria-invalid={errors.motivo ? true : undefined}
            aria-describedby={errors.motivo ? 'motivo-erro' : undefined}
          />
          {errors.motivo && (
            <p className="lead-error" id="motivo-erro">
              {errors.motivo}
            </p>
          )}
        </div>
        {/* Outlined, not grey: a grey button reads as disabled, and refusing is an answer too. */}
        <button className="button button--ghost" type="submit">
          Recusar
        </button>
      </form>
    </>
  );
}

/**
 * The second step of a refusal (§9.6): a refusal cannot be undone, so the first press of "Recusar"
 * only asks; the reason typed rides along in the confirming form.
 */
function ConfirmRefusal({ proposal, reason }: { proposal: ProposalView; reason?: string }) {
  return (
    <>
      <h2>Recusar esta proposta?</h2>
      <p>Depois de recusada, ela não pode mais ser aceita. Para outro preço, peça uma nova cotação.</p>
      {reason && <p className="lead-note">Motivo: {reason}</p>}
      <form method="post" action={`${proposal.path}/recusar`} className="team-form">
        <input type="hidden" name="motivo" value={reason ?? ''} />
        <input type="hidden" name="confirmar" value="sim" />
        <button className="button button--primary" type="submit">
          Sim, recusar a proposta
        </button>
      </form>
      <p>
        <a className="button button--ghost" href={proposal.path}>
          Não, voltar à proposta
        </a>
      </p>
    </>
  );
}

/** The page's renderer: one person's page, changed by their answer, so neither kept nor cached. */
export function proposalPages(manifest: Manifest) {
  const assets = { css: manifest.css.text, favicon: manifest.favicon, stylesheet: manifest.team.stylesheet };
  return (res: Response, status: number, props: ProposalPageProps) => {
    const html = renderToStaticMarkup(
      <ProposalDocument assets={assets}>
        <ProposalPage {...props} />
      </ProposalDocument>,
    );
    res
      .status(status)
      .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' })
      .type('html')
      .send(`<!doctype html>${html}`);
  };
}
