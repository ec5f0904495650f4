import { createHash } from 'node:crypto';
import type { LiveContent } from '../../shared/content';
import type { Logger } from '../process/logger';
import { renewed } from './renewed';

// What the kept pages show from the database (the open positions), read by each replica at most
// about once a second, and named by a digest so that the pages are rendered again only when it
// changed (docs/decisions/048-positions-on-the-kept-page.md).

/** How long one reading serves: an admin's change is on every replica's pages within about this. */
const READ_SERVES_MS = 1000;
/** When the next reading is begun, so that under steady traffic no request waits for one. */
const RENEW_AFTER_MS = 800;
/**
 * How long a request waits for a reading before it gets the pages of the last one: a database that
 * is slow or hangs must not hold the landing page up, which before the open positions (docs/requirements.md §2.4) read
 * nothing from it.
 */
const READ_WAIT_MS = 100;

/** A reading, and its digest: the kept pages of one revision are rendered once. */
export type Revision = { content: LiveContent; revision: string };

const digest = (content: LiveContent) =>
  createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);

/** `promise`'s value, or `fallback` if it takes longer than `ms`; the timer goes either way. */
const within = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

/** Before any reading: the pages say the positions cannot be shown (`positions` undefined). */
const UNREAD: Revision = { content: {}, revision: 'não lido' };

/**
 * The content of the moment. A failed reading, or one slower than READ_WAIT_MS, leaves the last one
 * (a failure is logged); with none yet, UNREAD, until a reading succeeds.
 */
export function liveContent(read: () => Promise<LiveContent>, logger: Logger): () => Promise<Revision> {
  let last: Revision | undefined;
  const reading = renewed(READ_SERVES_MS, RENEW_AFTER_MS, async (): Promise<Revision> => {
    try {
      const content = await read();
      last = { content, revision: digest(content) };
    } catch (error) {
      logger.warn({ err: error }, 'conteúdo do banco não lido: as páginas mostram a última leitura');
      last ??= UNREAD;
    }
    return last;
  });
  return () => within(reading(), READ_WAIT_MS, last ?? UNREAD);
}
