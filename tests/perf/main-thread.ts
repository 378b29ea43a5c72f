/**
 * The main thread's work before a visitor can interact, read from a Chrome trace (issue 43): each top-level task's CPU
 * time on the page's renderer main thread (`tdur`, the thread's own clock), not its wall time (`dur`). On a shared
 * machine, another process taking the core stretches `dur` but not `tdur`: the figure moves much less with the load.
 *
 * Two figures per load:
 * - `cpuMs`: the sum of the top-level tasks' CPU time;
 * - `blockingMs`: each task's CPU time x4 (a phone 4x slower, Lighthouse's mobile profile), less the 50 ms a task may
 *   take before it blocks, summed: Total Blocking Time counted from CPU time instead of a throttled wall clock.
 */

/** One event of a Chrome trace (the JSON Trace Event Format), as far as this reads it. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

export interface MainThreadFigures {
  tasks: number;
  cpuMs: number;
  blockingMs: number;
  /** The longest task's CPU time. */
  longestMs: number;
}

/** Lighthouse's mobile CPU slowdown, and the part of a task that does not block. */
export const PHONE_SLOWDOWN = 4;
export const BLOCKING_THRESHOLD_MS = 50;

/** The names a top-level task has in Chrome's traces (devtools.timeline's, then the scheduler's own). */
const TASK_NAMES = ["RunTask", "ThreadControllerImpl::RunTask"];

/**
 * The renderer main thread that parsed the page at `url` (its HTML parse names the document): the one whose tasks
 * count. Other renderers (an extension page, an earlier document) and the browser's own threads do not.
 */
export function pageMainThread(events: TraceEvent[], url: string): { pid: number; tid: number } {
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain",
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const parse = events.find(
    (event) =>
      event.name === "ParseHTML" &&
      mainThreads.has(`${event.pid}:${event.tid}`) &&
      (event.args?.beginData?.url ?? "").split("#")[0] === url.split("#")[0],
  );
  if (!parse) throw new Error(`No renderer main thread parsed ${url} in this trace`);
  return { pid: parse.pid, tid: parse.tid };
}

/** The figures of the page's main thread: its top-level tasks only (a nested task's time is in its parent's). */
export function mainThreadFigures(events: TraceEvent[], url: string): MainThreadFigures {
  const thread = pageMainThread(events, url);
  const all = events.filter(
    (event) =>
      event.ph === "X" &&
      event.pid === thread.pid &&
      event.tid === thread.tid &&
      TASK_NAMES.includes(event.name) &&
      typeof event.tdur === "number",
  );
  const name = TASK_NAMES.find((candidate) => all.some((event) => event.name === candidate));
  const tasks = all.filter((event) => event.name === name).sort((a, b) => a.ts - b.ts);
  const topLevel: TraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end) continue;
    topLevel.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  const cpu = topLevel.map((task) => (task.tdur ?? 0) / 1000);
  return {
    tasks: topLevel.length,
    cpuMs: round(cpu.reduce((sum, ms) => sum + ms, 0)),
    blockingMs: round(
      cpu.reduce((sum, ms) => sum + Math.max(0, ms * PHONE_SLOWDOWN - BLOCKING_THRESHOLD_MS), 0),
    ),
    longestMs: round(Math.max(0, ...cpu)),
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
