import type { Request, Response } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from '../client/App';
import type { ContactFormState } from '../client/contact-form-state';
import { pageFor } from '../client/routes';
import type { Manifest } from './assets';
import type { Logger } from './logger';

// Nothing on these pages suspends, so a render that takes this long is stuck: give up on it.
const RENDER_ABORT_MS = 10_000;

// Sent when React cannot render the shell: static, Portuguese, no details of the failure.
const SHELL_ERROR_HTML = `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Erro temporário</title></head><body><main><h1>Estamos com um problema temporário</h1><p>Não foi possível carregar a página agora. Tente novamente em alguns instantes.</p><p><a href="/">Voltar ao início</a></p></main></body></html>`;

/** A page other than the one the request's path names, e.g. the form's outcome without JavaScript. */
export type PageVariant = { url: string; status: number; contactForm: ContactFormState };

export type PageRenderer = (req: Request, res: Response, variant?: PageVariant) => void;

export function createPageRenderer(manifest: Manifest, logger: Logger): PageRenderer {
  return (req, res, variant) => {
    const url = variant?.url ?? req.originalUrl;
    const page = pageFor(new URL(url, 'http://localhost').pathname);
    const status = variant?.status ?? page.status;
    if (page.status === 404) logger.info({ method: req.method, path: req.path }, 'página não encontrada');

    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <App url={url} assets={{ stylesheet: manifest.stylesheet }} contactForm={variant?.contactForm} />,
      {
        bootstrapModules: [manifest.scripts[page.script]],
        // The status is decided before the first byte; a later error can only be logged.
        onShellReady() {
          res.status(failed ? 500 : status);
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          pipe(res);
        },
        onShellError(error) {
          logger.error({ err: error, path: req.path }, 'falha ao renderizar a página');
          res.status(500).setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(SHELL_ERROR_HTML);
        },
        onError(error) {
          failed = true;
          logger.error({ err: error, path: req.path }, 'erro durante a renderização');
        },
      },
    );
    const abortTimer = setTimeout(abort, RENDER_ABORT_MS);
    res.on('close', () => clearTimeout(abortTimer));
  };
}
