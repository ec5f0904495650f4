import type { Queries } from '../db/database';
import type { FeatureModule, Services } from '../module/contract';
import type { HookRunner } from '../module/hooks';
import { MODULES } from './modules';

type Module = (typeof MODULES)[number];
type Listener = (tx: Queries, payload: unknown) => Promise<unknown>;
type ListensOf = NonNullable<FeatureModule['listens']>;

/**
 * The hook points the features that are not modules yet call, each to move into its module's `hooks`:
 * a proposal's acceptance (server/proposals/sql-store.ts), which opens its shipment.
 */
const LEGACY_HOOKS = ['proposal.accepted'];

/** Every listener of every hook point, in the list's order; a listener of a point nobody calls is a mistake said at once. */
function listenersOf(services: Services) {
  const modules = MODULES as readonly Module[];
  const called = new Set([...LEGACY_HOOKS, ...modules.flatMap((module) => ('hooks' in module ? module.hooks : []))]);
  const listeners = new Map<string, Listener[]>();
  for (const module of modules) {
    if (!('listens' in module)) continue;
    for (const [name, listener] of Object.entries((module.listens as ListensOf)(services))) {
      if (!called.has(name)) throw new Error(`${module.name} escuta "${name}", que nenhum módulo chama`);
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener]);
    }
  }
  return listeners;
}

/** The hooks every store calls: each point's listeners in turn, on the caller's transaction, their answers in order. */
export function hookRunner(services: () => Services): HookRunner {
  let listeners: Map<string, Listener[]> | undefined;
  return {
    async run(name, tx, payload) {
      listeners ??= listenersOf(services());
      const answers: unknown[] = [];
      for (const listener of listeners.get(name) ?? []) answers.push(await listener(tx, payload));
      return answers;
    },
  };
}
