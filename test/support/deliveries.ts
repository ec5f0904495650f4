import { expect } from 'vitest';
import type { VisitOutcome } from './load';
import { eventually } from './wait';

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;

/**
 * Checks that the contacts stored (`rows`: psql's `email|id` lines) are exactly the leads the load
 * had acknowledged, each under the id its reply gave; returns their ids and addresses, sorted, to
 * check the deliveries against.
 */
export function storedOnce(outcomes: VisitOutcome[], rows: string[]) {
  const acknowledged = outcomes.filter((outcome) => outcome.kind !== 'page');
  const stored = new Map(rows.map((line) => line.split('|') as [string, string]));
  expect([...stored.keys()].sort()).toEqual(acknowledged.map((outcome) => outcome.email).sort());
  for (const outcome of acknowledged.filter((outcome) => outcome.id))
    expect(stored.get(outcome.email!)).toBe(outcome.id);
  return { ids: [...stored.values()].sort(), addresses: [...stored.keys()].sort() };
}

/**
 * The leads that a Mailpit (or its stand-in) at `url` was sent notifications of, by their e-mail
 * address (each notification's Reply-To, so that sales answer the visitor), once it holds at least
 * `count`: one listing, where reading each message would take a request apiece.
 */
export function mailedLeadAddresses(url: string, count: number, timeoutMs = 120_000) {
  return eventually(async () => {
    const { messages } = await json<{ messages: { ReplyTo: { Address: string }[] }[] }>(
      `${url}/api/v1/messages?limit=100000`,
    );
    // The team's notifications answer to the lead's address; the visitors' receipts to nobody.
    const notifications = messages.filter(({ ReplyTo }) => ReplyTo.length > 0);
    expect(notifications.length).toBeGreaterThanOrEqual(count);
    return notifications.map(({ ReplyTo }) => ReplyTo.map(({ Address }) => Address).join(', '));
  }, timeoutMs);
}

/** The lead ids that test/support/webhook-sink.mjs at `url` received, once it holds at least `count`. */
export function postedLeadIds(url: string, count: number, timeoutMs = 120_000) {
  return eventually(async () => {
    const deliveries = await json<{ body: { data: { id: string } } }[]>(`${url}/deliveries`);
    expect(deliveries.length).toBeGreaterThanOrEqual(count);
    return deliveries.map((delivery) => delivery.body.data.id);
  }, timeoutMs);
}
