import type { RequestHandler } from 'express';
import type { Access, Reply } from './access';

type Method = 'GET' | 'POST';

/** One route of the signed-in part: its method, path, who may use it, and how it answers a refusal. */
export type WorkplaceRoute = {
  method: Method;
  path: string;
  access: Access;
  reply: Reply;
  handle: RequestHandler | RequestHandler[];
};

/** A route a person uses: a refusal is a page (or a redirect to one). */
export const pageRoute = (
  method: Method,
  path: string,
  access: Access,
  handle: WorkplaceRoute['handle'],
): WorkplaceRoute => ({ method, path, access, reply: 'page', handle });

/** A route the passkey script posts to: a refusal is JSON. */
export const jsonRoute = (path: string, access: Access, handle: WorkplaceRoute['handle']): WorkplaceRoute => ({
  method: 'POST',
  path,
  access,
  reply: 'json',
  handle,
});
