import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { App, type AppProps } from '../../client/App';

// Nothing on these pages suspends, so a render that takes this long is stuck: give up on it.
const RENDER_ABORT_MS = 10_000;

/**
 * Renders a whole document to bytes. The pages are the same for every visitor, so the
 * server keeps the result (server/pages/renderer.ts) rather than streaming each request anew.
 * Rejects when the shell or any part fails: a broken page is never kept or sent as 200.
 */
export function renderDocument(props: AppProps, bootstrapScript: string | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let abortTimer: NodeJS.Timeout | undefined;
    let failure: unknown;
    const settle = (error: unknown, html?: Buffer) => {
      clearTimeout(abortTimer);
      if (error) reject(error);
      else resolve(html!);
    };
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        settle(failure, Buffer.concat(chunks));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<App {...props} />, {
      // Inline, at the end of the body: the page's script costs no request before the first paint.
      // Lighthouse's simulation charged the module's download to LCP (docs/performance.md, "What
      // the first paint costs").
      bootstrapScriptContent: bootstrapScript,
      onAllReady: () => pipe(sink),
      onShellError: (error) => settle(error),
      onError(error) {
        failure ??= error;
      },
    });
    abortTimer = setTimeout(() => abort(new Error(`renderização excedeu ${RENDER_ABORT_MS} ms`)), RENDER_ABORT_MS);
  });
}
