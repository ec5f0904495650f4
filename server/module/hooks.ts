import type { Queries } from '../db/database';

// How a module lets others act in its transactions without importing them (docs/decisions/051-feature-modules.md):
// it names its hook points and calls them; a module below it in the import graph listens. The
// listeners run in the composition's order, on the publisher's transaction, and their answers come
// back in that order. Nothing is sent anywhere: a hook is a function call, all or nothing with the
// transaction that runs it.

/**
 * One hook point: its payload, and what each listener answers.
 * @public (the modules' contract: server/module/)
 */
export type Hook<P = never, R = void> = (tx: Queries, payload: P) => Promise<R>;

/** The listeners of every hook point, as the composition gathered them. */
export interface HookRunner {
  run(name: string, tx: Queries, payload: unknown): Promise<unknown[]>;
}

/**
 * A publisher's own hook points `H`, typed: `hooksOf<LeadHooks>(services.hooks).run('lead.taken', tx, payload)`.
 * @public (the modules' contract: server/module/)
 */
export const hooksOf = <H extends Record<string, Hook<never, unknown>>>(runner: HookRunner) => ({
  run: <K extends keyof H & string>(name: K, tx: Queries, payload: Parameters<H[K]>[1]) =>
    runner.run(name, tx, payload) as Promise<Awaited<ReturnType<H[K]>>[]>,
});
