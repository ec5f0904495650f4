import type { ReactNode } from 'react';
import { company, THEME_COLOR } from '../../shared/content';
import { Logo } from '../../shared/logo';
import type { PageNotice, Viewer } from '../../shared/team';

/** What a team page loads: the site's inlined stylesheet, the team's own, and the passkey script. */
export type TeamAssets = { css: string; favicon: string; stylesheet: string; script: string };

type Props = { title: string; assets: TeamAssets; viewer?: Viewer; children: ReactNode };

/**
 * The signed-in part's document: the site's header tone, never indexed (noindex here, and out of
 * the sitemap), rendered on the server; one small script adds the passkey ceremonies.
 */
export function TeamDocument({ title, assets, viewer, children }: Props) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Equipe ${company.shortName}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, allowed by its hash. */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        <link rel="stylesheet" href={assets.stylesheet} />
        <script type="module" src={assets.script} />
      </head>
      <body className="team-body">
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        <header className="team-header">
          <div className="container team-header__inner">
            <Logo href="/" />
            {viewer && <TeamNav viewer={viewer} />}
          </div>
        </header>
        <main id="conteudo" className="container team-main" tabIndex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}

/**
 * The workplace's links. On a phone they fold behind "Menu", a popover the browser opens without any
 * script, so that the first screen shows the page's own content; a browser without popovers shows
 * them all, as a desktop does (team.css).
 */
function TeamNav({ viewer }: { viewer: Viewer }) {
  return (
    <nav className="team-nav" aria-label="Painel da equipe">
      <button className="team-nav__toggle" type="button" popoverTarget="painel-menu">
        Menu
      </button>
      <ul id="painel-menu" popover="auto">
        {!viewer.enrolOnly && (
          <>
            <li>
              <a href="/painel">Painel</a>
            </li>
            <li>
              <a href="/painel/embarques">Embarques</a>
            </li>
            <li>
              <a href="/painel/relatorio">Relatório</a>
            </li>
          </>
        )}
        <li>
          <a href="/painel/conta">Minha conta</a>
        </li>
        {viewer.role === 'admin' && !viewer.enrolOnly && (
          <>
            <li>
              <a href="/painel/equipe">Equipe</a>
            </li>
            <li>
              <a href="/painel/vagas">Vagas</a>
            </li>
            <li>
              <a href="/painel/candidaturas">Candidaturas</a>
            </li>
            <li>
              <a href="/painel/dados">Dados pessoais</a>
            </li>
            <li>
              <a href="/painel/frete/tabelas">Frete</a>
            </li>
            <li>
              <a href="/painel/integracoes">Integrações</a>
            </li>
            <li>
              <a href="/painel/registro">Registro</a>
            </li>
          </>
        )}
        <li>
          <form method="post" action="/sair">
            <button className="team-link-button" type="submit">
              Sair <span className="visually-hidden">({viewer.name})</span>
            </button>
          </form>
        </li>
      </ul>
    </nav>
  );
}

/** A message at the top of a form: an error (role=alert) or a confirmation (role=status). */
export function Notice({ notice }: { notice?: PageNotice }) {
  if (!notice) return null;
  return (
    <p className={`team-notice team-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

/** Said to a member whose role does not open the page. */
export function ForbiddenPage({ message }: { message: string }) {
  return <Notice notice={{ kind: 'error', text: message }} />;
}
