import { expect } from 'vitest';
import { eventually } from './wait';

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;

/**
 * The leads that a Mailpit (or its stand-in) at `url` was sent notifications of, by their e-mail
 * address (each notification's Reply-To, so that sales answer the visitor), once it holds at least
 * `count`: one listing, where reading each message would take a request apiece.
 */
export async function mailedLeadAddresses(url: string, count: number, timeoutMs = 120_000) {
  await eventually(async () => {
    expect((await json<{ Messages: number }>(`${url}/api/v1/info`)).Messages).toBeGreaterThanOrEqual(count);
  }, timeoutMs);
  const { messages } = await json<{ messages: { ReplyTo: { Address: string }[] }[] }>(
    `${url}/api/v1/messages?limit=100000`,
  );
  return messages.map(({ ReplyTo }) => ReplyTo.map(({ Address }) => Address).join(', '));
}

/** The lead ids that test/support/webhook-sink.mjs at `url` received, once it holds at least `count`. */
export function postedLeadIds(url: string, count: number, timeoutMs = 120_000) {
  return eventually(async () => {
    const deliveries = await json<{ body: { data: { id: string } } }[]>(`${url}/deliveries`);
    expect(deliveries.length).toBeGreaterThanOrEqual(count);
    return deliveries.map((delivery) => delivery.body.data.id);
  }, timeoutMs);
}
