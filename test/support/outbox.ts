import type { Repository } from '../../server/db/repository';
import type { Channel } from '../../server/outbox/store';

/** How many deliveries of `channel` wait, due or backing off. */
export const pending = async (repository: Repository, channel: Channel = 'email') =>
  (await repository.outbox.counts())[channel].pending;
