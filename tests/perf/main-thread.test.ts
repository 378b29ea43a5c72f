import { describe, expect, it } from "vitest";
import { mainThreadFigures, median, type TraceEvent } from "./main-thread";

const URL = "http://localhost:4321/payment";
const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (
  pid: number,
  tid: number,
  ts: number,
  durMs: number,
  cpuMs: number,
  name = "RunTask",
): TraceEvent => ({
  name,
  cat: "disabled-by-default-devtools.timeline",
  ph: "X",
  pid,
  tid,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const parse = (pid: number, tid: number, url: string): TraceEvent => ({
  name: "ParseHTML",
  ph: "X",
  pid,
  tid,
  ts: 10,
  dur: 100,
  tdur: 100,
  args: { beginData: { url } },
});

describe("mainThreadFigures", () => {
  it("sums the CPU time of the page's top-level tasks, not their wall time, nor nested or other threads' tasks", () => {
    const events = [
      meta(7, 1, "CrRendererMain"),
      meta(7, 2, "Compositor"),
      meta(9, 1, "CrRendererMain"),
      parse(7, 1, `${URL}#acces=abc`),
      parse(9, 1, "http://localhost:4321/"),
      // A 120 ms task that had the core for 80 ms of it, with a task nested inside.
      task(7, 1, 1_000, 120, 80),
      task(7, 1, 2_000, 10, 9),
      task(7, 1, 200_000, 30, 20),
      // Another thread of the page's renderer, and another renderer's main thread.
      task(7, 2, 1_000, 500, 500),
      task(9, 1, 1_000, 500, 500),
    ];
    expect(mainThreadFigures(events, URL)).toEqual({
      tasks: 2,
      cpuMs: 100,
      // 80 x 4 - 50 = 270; 20 x 4 - 50 = 30.
      blockingMs: 300,
      longestMs: 80,
    });
  });

  it("reads the scheduler's task name when the timeline's is absent", () => {
    const events = [
      meta(3, 5, "CrRendererMain"),
      parse(3, 5, URL),
      task(3, 5, 0, 10, 10, "ThreadControllerImpl::RunTask"),
      task(3, 5, 50_000, 12, 11, "ThreadControllerImpl::RunTask"),
    ];
    expect(mainThreadFigures(events, URL)).toMatchObject({ tasks: 2, cpuMs: 21, blockingMs: 0 });
  });

  it("refuses a trace where no renderer parsed the page", () => {
    expect(() => mainThreadFigures([meta(1, 1, "CrRendererMain")], URL)).toThrow(/No renderer main thread/);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
