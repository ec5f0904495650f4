// The page's main-thread tasks in a Chromium trace (the JSON that DevTools, Playwright's
// startTracing or `lighthouse --save-assets` write), each with its wall time, its thread (CPU)
// time, who posted it and where its CPU went. Wall time is what Lighthouse reads (and multiplies
// by four); CPU time is what the page cost: on a busy machine the difference is the time the
// thread waited for a core, which Lighthouse files under "Other".

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown> & { name?: string; src_file?: string; src_func?: string };
};

export type Task = {
  /** Milliseconds since the navigation started (or since the first task, without one). */
  startMs: number;
  wallMs: number;
  cpuMs: number;
  /** Where Chromium posted the task from ("parser/html_document_parser.cc:SchedulePumpTokenizer"); "?" untraced. */
  postedFrom: string;
  /** Whether it laid out: Lighthouse's simulation then multiplies its wall time by 2, not 4. */
  laidOut: boolean;
  /** The events inside it with the most CPU time of their own, heaviest first. */
  heaviest: { name: string; cpuMs: number }[];
};

const ms = (microseconds = 0) => microseconds / 1000;

type Navigation = TraceEvent & { args: { data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } } };

/**
 * The page's navigation: the main frame's start of a document fetched over HTTP. A trace also
 * holds about:blank's and empty documents' starts, some in another renderer (a page served with
 * COOP commits in a fresh one), so neither the first start nor the busiest thread is reliably the page's.
 */
export function pageNavigation(events: TraceEvent[]) {
  const starts = events.filter((event) => event.name === 'navigationStart') as Navigation[];
  const page = starts.find(
    (event) => event.args.data?.isOutermostMainFrame && /^https?:/.test(event.args.data.documentLoaderURL ?? ''),
  );
  if (page) return page;
  // Older traces name no URL: the busiest renderer's first start.
  const main = busiestMainThread(events);
  return starts.find((event) => event.pid === main.pid) ?? { ...main, ts: 0 };
}

function busiestMainThread(events: TraceEvent[]) {
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const count = (thread: TraceEvent) =>
    events.filter((event) => event.pid === thread.pid && event.tid === thread.tid).length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  if (!main) throw new Error('o trace não tem thread principal de renderer (CrRendererMain)');
  return main;
}

/** The main thread of the page's renderer (its pid and tid are the system's). */
export function pageMainThread(events: TraceEvent[]) {
  const { pid } = pageNavigation(events);
  const main = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === pid,
  );
  if (!main) throw new Error('o trace não tem thread principal de renderer (CrRendererMain)');
  return main;
}

/** Each event's own CPU time (its thread time less its children's), summed by name. */
function selfCpuByName(inner: TraceEvent[]) {
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const event of inner) {
    while (open.length && event.ts >= open.at(-1)!.ts + open.at(-1)!.dur!) open.pop();
    const parent = open.at(-1);
    self.set(event.name, (self.get(event.name) ?? 0) + ms(event.tdur));
    if (parent) self.set(parent.name, self.get(parent.name)! - ms(event.tdur));
    open.push(event);
  }
  return self;
}

/** Every top-level task of the page's main thread from the navigation on, in order. */
export function mainThreadTasks(events: TraceEvent[], heaviest = 5): Task[] {
  const main = pageMainThread(events);
  const complete = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tops = complete.filter((event) => event.name === 'RunTask');
  const origin = pageNavigation(events).ts || (tops[0]?.ts ?? 0);
  let next = 0;
  return tops
    .filter((task) => task.ts >= origin)
    .map((task) => {
      while (next < complete.length && complete[next]!.ts < task.ts) next++;
      const inner: TraceEvent[] = [];
      for (let i = next; i < complete.length && complete[i]!.ts < task.ts + task.dur!; i++)
        if (complete[i] !== task) inner.push(complete[i]!);
      const controller = inner.find((event) => event.args?.src_file);
      const file = controller?.args?.src_file?.split('/').slice(-2).join('/');
      return {
        startMs: ms(task.ts - origin),
        wallMs: ms(task.dur),
        cpuMs: ms(task.tdur),
        postedFrom: file ? `${file}:${controller!.args!.src_func}` : '?',
        laidOut: inner.some((event) => event.name === 'Layout'),
        heaviest: [...selfCpuByName(inner)]
          .filter(([name]) => name !== 'ThreadControllerImpl::RunTask')
          .sort((a, b) => b[1] - a[1])
          .slice(0, heaviest)
          .map(([name, cpuMs]) => ({ name, cpuMs })),
      };
    });
}

/**
 * The tasks Lighthouse's simulation (Lantern) counts as long, over 50 ms: it takes each task's wall
 * time, not its CPU time, times the CPU slowdown (4), or half that for a task that laid out
 * (@paulirish/trace_engine, lantern/simulation/Simulator.js, estimateCPUTimeRemaining).
 */
export const simulatedLong = (tasks: Task[]) => tasks.filter((task) => task.wallMs * (task.laidOut ? 2 : 4) > 50);

const fixed = (value: number, width: number) => value.toFixed(1).padStart(width);

/** Prints the tasks of at least `minWallMs`, then the totals and where the tasks were posted from. */
export function printTasks(tasks: Task[], minWallMs: number) {
  console.log(`${'início'.padStart(7)} ${'parede'.padStart(7)} ${'CPU'.padStart(6)}  postada por / mais CPU própria`);
  for (const task of tasks.filter((each) => each.wallMs >= minWallMs)) {
    console.log(`${fixed(task.startMs, 7)} ${fixed(task.wallMs, 7)} ${fixed(task.cpuMs, 6)}  ${task.postedFrom}`);
    console.log(
      `${' '.repeat(24)}${task.heaviest.map((event) => `${event.name} ${event.cpuMs.toFixed(1)}`).join('; ')}`,
    );
  }
  const sum = (list: Task[], key: 'wallMs' | 'cpuMs') => list.reduce((total, task) => total + task[key], 0);
  const [wall, cpu] = [sum(tasks, 'wallMs').toFixed(0), sum(tasks, 'cpuMs').toFixed(0)];
  console.log(`\n${tasks.length} tarefas: ${wall} ms de parede, ${cpu} ms de CPU`);
  const byPoster = new Map<string, Task[]>();
  for (const task of tasks) byPoster.set(task.postedFrom, [...(byPoster.get(task.postedFrom) ?? []), task]);
  const posters = [...byPoster].sort((a, b) => sum(b[1], 'cpuMs') - sum(a[1], 'cpuMs')).slice(0, 12);
  for (const [poster, list] of posters)
    console.log(
      `${fixed(sum(list, 'cpuMs'), 7)} CPU ${fixed(sum(list, 'wallMs'), 7)} parede`,
      `${String(list.length).padStart(4)}×  ${poster}`,
    );
}
