import { describe, expect, it } from "vitest";
import { Busy, limitConcurrency } from "./concurrency";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("limitConcurrency", () => {
  it("runs at most `limit` tasks at once, the others in order, and refuses past the queue", async () => {
    const run = limitConcurrency(2, 3);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await tick();
      order.push(id);
      active--;
      return id;
    };
    const accepted = [1, 2, 3, 4, 5].map((id) => run(task(id)));
    await expect(run(task(6))).rejects.toBeInstanceOf(Busy);
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it("frees its place when a task fails", async () => {
    const run = limitConcurrency(1, 0);
    await expect(run(async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await run(async () => "ok")).toBe("ok");
  });
});
