import { expect } from 'vitest';
import { eventually } from './wait';

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;

/**
 * The lead ids of the notifications a Mailpit (or its stand-in) at `url` caught, once it holds at
 * least `count`: each e-mail names its lead on its "Identificador:" line, which the text part's
 * quoted-printable leaves as it is. The raw message is read, as reading the parsed one marks it read
 * (a write per message).
 */
export async function mailedLeadIds(url: string, count: number, timeoutMs = 120_000) {
  await eventually(async () => {
    expect((await json<{ Messages: number }>(`${url}/api/v1/info`)).Messages).toBeGreaterThanOrEqual(count);
  }, timeoutMs);
  const { messages } = await json<{ messages: { ID: string }[] }>(`${url}/api/v1/messages?limit=100000`);
  const ids: (string | undefined)[] = [];
  // Ten at a time: one request per message, and there may be a thousand.
  for (let start = 0; start < messages.length; start += 10) {
    const raws = await Promise.all(
      messages.slice(start, start + 10).map(async ({ ID }) => (await fetch(`${url}/api/v1/message/${ID}/raw`)).text()),
    );
    ids.push(...raws.map((raw) => /^Identificador: (\S+)/m.exec(raw)?.[1]));
  }
  return ids;
}

/** The lead ids that test/support/webhook-sink.mjs at `url` received, once it holds at least `count`. */
export function postedLeadIds(url: string, count: number, timeoutMs = 120_000) {
  return eventually(async () => {
    const deliveries = await json<{ body: { data: { id: string } } }[]>(`${url}/deliveries`);
    expect(deliveries.length).toBeGreaterThanOrEqual(count);
    return deliveries.map((delivery) => delivery.body.data.id);
  }, timeoutMs);
}
