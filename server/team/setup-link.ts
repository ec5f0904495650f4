import type { Logger } from '../process/logger';
import { setupLink } from './invitations';
import type { TeamStore } from './sql-store';

/**
 * On a site nobody of the team can sign in to yet, one line with a link that makes its opener the
 * first admin (docs/requirements.md §6.3; Jupyter's token link is the model). A new link on every start, on every
 * replica, until a link is used or a member has a passkey, each valid for an hour: `npm ci && npm
 * start` still does the whole set-up. However many links are printed, the setup is claimed once in
 * the database (TeamStore.consumeLink): one first admin.
 */
export async function announceSetupLink(store: TeamStore, publicUrl: URL, logger: Logger) {
  if (!(await store.setupOpen())) return;
  const link = await setupLink(store, publicUrl);
  logger.warn(
    { setupLink: link },
    `ninguém da equipe tem acesso ainda: abra ${link} em até 1 hora para criar a primeira pessoa administradora`,
  );
}
