import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

/** What became of one request of the load: its final status, and how many times it was sent. */
export type LoadOutcome = {
  kind: 'page' | 'lead';
  status: number | string;
  attempts: number;
  /** The lead's id as the 201 acknowledged it. */
  id?: string;
};

type Reply = { status: number; body: string };

function send(url: string, options: Parameters<typeof request>[1], body?: string) {
  return new Promise<Reply>((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsRequest : request)(url, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A client of the site as the contact form's island is: a POST that fails on the network or with a
 * 5xx is sent again with the same Idempotency-Key, up to 3 times (docs/requirements.md §8.3).
 * Each lead comes from a loopback address of its own, as distinct visitors do, so the per-IP limit
 * does not refuse the load.
 */
async function postLead(url: string, n: number): Promise<LoadOutcome> {
  const key = randomUUID();
  const body = JSON.stringify({ name: `Cliente ${n}`, email: `cliente${n}@empresa.com.br`, message: `Carga ${n}` });
  const localAddress = `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  let last: number | string = 'not sent';
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const reply = await send(
        `${url}/api/contacts`,
        {
          method: 'POST',
          agent: false,
          localAddress,
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        },
        body,
      );
      if (reply.status < 500) {
        const id = reply.status === 201 ? (JSON.parse(reply.body) as { data: { id: string } }).data.id : undefined;
        return { kind: 'lead', status: reply.status, attempts: attempt, id };
      }
      last = reply.status;
    } catch (error) {
      last = (error as NodeJS.ErrnoException).code ?? String(error);
    }
    await sleep(200);
  }
  return { kind: 'lead', status: last, attempts: 4 };
}

/** Pages on kept-alive connections, never retried by the client: a failed GET counts as failed. */
async function getPage(url: string, agent: Agent): Promise<LoadOutcome> {
  try {
    const reply = await send(`${url}/`, { agent });
    return { kind: 'page', status: reply.status, attempts: 1 };
  } catch (error) {
    return { kind: 'page', status: (error as NodeJS.ErrnoException).code ?? String(error), attempts: 1 };
  }
}

/** Steady load on `url` until stop(): two loops of page GETs and two of contact POSTs. */
export function steadyLoad(url: string) {
  const outcomes: LoadOutcome[] = [];
  const agent = new Agent({ keepAlive: true });
  let running = true;
  let leads = 0;
  const loop = async (next: () => Promise<LoadOutcome>, pauseMs: number) => {
    while (running) {
      outcomes.push(await next());
      await sleep(pauseMs);
    }
  };
  const loops = [
    loop(() => getPage(url, agent), 10),
    loop(() => getPage(url, agent), 10),
    loop(() => postLead(url, leads++), 50),
    loop(() => postLead(url, leads++), 50),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return outcomes;
    },
  };
}

/** What became of one request of the visitors' load: its kind and status, and the lead it left. */
export type VisitOutcome = {
  kind: 'page' | 'json' | 'form';
  status: number | string;
  /** The lead's id, as a JSON post's 201 acknowledged it. */
  id?: string;
  /** The lead's e-mail address, unique to each post: how a form post's lead is found. */
  email: string | undefined;
};

/** How a load reaches an https:// URL on 127.0.0.1: the CA it trusts and the name it asks for (SNI). */
export type LoadTls = { ca: string; servername: string };

/**
 * Visitors of the site until stop(), none retried, so any failure shows: page GETs on kept-alive
 * connections, contact posts as the form's island sends them (JSON with an Idempotency-Key), and
 * as the form without JavaScript posts them (urlencoded, answered with a 303 to the confirmation).
 */
export function visitorLoad(url: string, tag: string, tls?: LoadTls) {
  const outcomes: VisitOutcome[] = [];
  const agent = tls ? new HttpsAgent({ keepAlive: true, ...tls }) : new Agent({ keepAlive: true });
  let running = true;
  let posts = 0;
  const attempt = async (kind: VisitOutcome['kind'], request: () => Promise<Reply>, email?: string) => {
    try {
      const reply = await request();
      const id = reply.status === 201 ? (JSON.parse(reply.body) as { data: { id: string } }).data.id : undefined;
      return { kind, status: reply.status, id, email };
    } catch (error) {
      return { kind, status: (error as NodeJS.ErrnoException).code ?? String(error), email };
    }
  };
  const lead = () => {
    const n = posts++;
    return { name: `Cliente ${n}`, email: `${tag}.${n}@empresa.com.br`, message: `Carga ${n} para Belém` };
  };
  const page = () => attempt('page', () => send(`${url}/`, { agent }));
  const json = () => {
    const fields = lead();
    const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() };
    return attempt(
      'json',
      () => send(`${url}/api/contacts`, { method: 'POST', agent, headers }, JSON.stringify(fields)),
      fields.email,
    );
  };
  const form = () => {
    const fields = lead();
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    return attempt(
      'form',
      () => send(`${url}/api/contacts`, { method: 'POST', agent, headers }, new URLSearchParams(fields).toString()),
      fields.email,
    );
  };
  const loop = async (next: () => Promise<VisitOutcome>, pauseMs: number) => {
    while (running) {
      outcomes.push(await next());
      await sleep(pauseMs);
    }
  };
  const loops = [loop(page, 20), loop(page, 20), loop(json, 250), loop(form, 250)];
  return {
    /** How many requests were answered so far. */
    count: () => outcomes.length,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return outcomes;
    },
  };
}
