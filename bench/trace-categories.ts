// Where a page's main-thread time went, by kind of work: parse, style, layout, paint, script,
// garbage collection and the rest. Each trace event's own time (its time less its children's)
// goes to the kind its name says, or else to the nearest enclosing event that has one, as
// Lighthouse's "main-thread work breakdown" attributes it (lighthouse/core/lib/tracehouse/
// main-thread-tasks.js). The names are Lighthouse's table; its "Style & Layout" is split in two,
// and a few events of current Chromium it does not list are placed as DevTools' Performance
// panel places them.
import { taskNameToGroup } from 'lighthouse/core/lib/tracehouse/task-groups.js';
import { pageMainThread, pageNavigation, type TraceEvent } from './trace-tasks';

export const KINDS = ['parse', 'style', 'layout', 'paint', 'script', 'gc', 'other'] as const;
export type Kind = (typeof KINDS)[number];
/** Milliseconds of the thread's CPU and of the wall clock, per kind. */
export type Attribution = Record<Kind, { cpuMs: number; wallMs: number }>;

const BY_GROUP: Record<string, Kind> = {
  parseHTML: 'parse',
  paintCompositeRender: 'paint',
  scriptParseCompile: 'script',
  scriptEvaluation: 'script',
  garbageCollection: 'gc',
};
/** Events Lighthouse's table leaves to their parents, where DevTools names their kind. */
const NAMED: Record<string, Kind> = {
  Layout: 'layout',
  InvalidateLayout: 'layout',
  'IntersectionObserverController::computeIntersections': 'layout',
  Layerize: 'paint',
  Commit: 'paint',
  'Decode Image': 'paint',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
};

/** The kind an event's own name gives it, if any (what is neither is its parent's). */
function kindOf(name: string): Kind | undefined {
  const named = NAMED[name];
  if (named) return named;
  const group = taskNameToGroup[name]?.id;
  if (group === 'styleLayout') return 'style';
  return group ? BY_GROUP[group] : undefined;
}

const none = (): Attribution => Object.fromEntries(KINDS.map((kind) => [kind, { cpuMs: 0, wallMs: 0 }])) as Attribution;

/**
 * The page's main thread from `fromMs` to `toMs` after the navigation, by kind: each complete
 * event that begins in the window counts its own time whole.
 */
export function attribute(events: TraceEvent[], fromMs: number, toMs: number): Attribution {
  const main = pageMainThread(events);
  const origin = pageNavigation(events).ts;
  const [from, to] = [origin + fromMs * 1000, origin + toMs * 1000];
  const complete = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur)
    .filter((event) => event.ts >= from && event.ts < to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const totals = none();
  const open: { event: TraceEvent; kind: Kind }[] = [];
  const charge = (kind: Kind, cpu: number, wall: number) => {
    totals[kind].cpuMs += cpu / 1000;
    totals[kind].wallMs += wall / 1000;
  };
  for (const event of complete) {
    while (open.length && event.ts >= open.at(-1)!.event.ts + open.at(-1)!.event.dur!) open.pop();
    const parent = open.at(-1);
    const kind = kindOf(event.name) ?? parent?.kind ?? 'other';
    charge(kind, event.tdur ?? 0, event.dur!);
    // The parent's own time is what its children leave.
    if (parent) charge(parent.kind, -(event.tdur ?? 0), -event.dur!);
    open.push({ event, kind });
  }
  return totals;
}
