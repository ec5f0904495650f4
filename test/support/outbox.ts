import { expect } from 'vitest';
import type { Repository } from '../../server/composition/repository';
import type { Channel } from '../../server/module/messages';
import { eventually } from './wait';

/** An outbox row's payload as stored: SQLite hands back the JSON's text, PostgreSQL the parsed value. */
export const payloadOf = ({ payload }: { payload?: unknown }) =>
  typeof payload === 'string' ? JSON.parse(payload) : payload;

/** How many deliveries of `channel` wait, due or backing off. */
export const pending = async (repository: Repository, channel: Channel = 'email') =>
  (await repository.outbox.counts())[channel].pending;

/**
 * Once nothing of `channel` waits in the outbox, stops every instance, which lets the sends in
 * progress finish: from then on nothing more is sent, so a duplicate would already have arrived.
 */
export async function quiet(
  repository: Repository,
  channel: Channel,
  ...instances: { stop: (timeoutMs: number) => Promise<void> }[]
) {
  await eventually(async () => expect(await pending(repository, channel)).toBe(0));
  await Promise.all(instances.map((instance) => instance.stop(5_000)));
}
