/** The render gate (decision 131): a budget per client address, a share of the process's time, and a cap on renders at once and waiting. */
import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate';

/** A render held open until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('the render gate', () => {
  it("refuses a client past its budget (ten seconds' worth at once) with 429 and the seconds to its next render, and refills it", () => {
    let now = 0;
    const gate = new RenderGate({ concurrency: 10, queue: 10, perClientPerMinute: 18, timeShare: 1 }, () => now);
    for (let i = 0; i < 3; i += 1) expect(gate.take('a')).toBeNull();
    expect(gate.take('a')).toEqual({ status: 429, retryAfterSeconds: 4 });
    // Another client has its own budget.
    expect(gate.take('b')).toBeNull();
    now = 3_000;
    expect(gate.take('a')).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    now = 3_400;
    expect(gate.take('a')).toBeNull();
    expect(gate.take('a')).toMatchObject({ status: 429 });
    now = 600_000;
    for (let i = 0; i < 3; i += 1) expect(gate.take('a')).toBeNull();
    expect(gate.take('a')).toMatchObject({ status: 429 });
  });

  it('refuses renders with 503 once they have taken their share of the time, and takes them again when it has room', async () => {
    let now = 0;
    const gate = new RenderGate(
      { concurrency: 10, queue: 10, perClientPerMinute: 1_000_000, timeShare: 0.5 },
      () => now,
    );
    // Each render takes a second of a clock that runs only while rendering: all the time is renders'.
    let renders = 0;
    let refusal = gate.take('a');
    while (refusal === null && renders < 100) {
      await gate.run(async () => {
        now += 1_000;
      });
      renders += 1;
      refusal = gate.take(`client-${renders}`);
    }
    // Two seconds saved up (four seconds at half the time), then half a second earned per second taken.
    expect(renders).toBeGreaterThanOrEqual(3);
    expect(renders).toBeLessThanOrEqual(5);
    expect(refusal).toMatchObject({ status: 503 });
    now += refusal!.retryAfterSeconds * 1_000;
    expect(gate.take('a')).toBeNull();
  });

  it('does not count time when the share is the whole (1)', async () => {
    let now = 0;
    const gate = new RenderGate({ concurrency: 1, queue: 1, perClientPerMinute: 1_000_000, timeShare: 1 }, () => now);
    for (let i = 0; i < 50; i += 1) {
      expect(gate.take('a')).toBeNull();
      await gate.run(async () => {
        now += 1_000;
      });
    }
  });

  it('runs at most `concurrency` renders at once, lets `queue` wait, and refuses the next with 503 at once', async () => {
    const gate = new RenderGate({ concurrency: 2, queue: 1, perClientPerMinute: 1000, timeShare: 1 });
    const renders = [held(), held(), held()];
    const runs = renders.map((render, i) => {
      expect(gate.take(`client-${i}`)).toBeNull();
      return gate.run(render.work);
    });
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    const refusal = gate.take('client-3');
    expect(refusal).toMatchObject({ status: 503 });
    expect(refusal!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    renders[0]!.finish();
    await runs[0];
    await expect.poll(() => gate.load).toEqual({ running: 2, waiting: 0 });
    expect(gate.take('client-3')).toBeNull();
    const fourth = held();
    const fourthRun = gate.run(fourth.work);
    for (const render of [renders[1]!, renders[2]!, fourth]) render.finish();
    await Promise.all([...runs, fourthRun]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiting render whose signal aborts: it leaves the queue without running and gives back its share (decision 176)', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 30, perClientPerMinute: 1_000_000, timeShare: 0.5 }, () => 0);
    // Two seconds of renders saved up, 100 ms charged for each taken: the 21st is refused.
    const first = held();
    expect(gate.take('a')).toBeNull();
    const firstRun = gate.run(first.work);
    const dropped = Array.from({ length: 19 }, (_, i) => {
      expect(gate.take(`b-${i}`)).toBeNull();
      const unwanted = new AbortController();
      const ran = { yes: false };
      const run = gate.run(async () => {
        ran.yes = true;
      }, unwanted.signal);
      return { unwanted, ran, run };
    });
    expect(gate.load).toEqual({ running: 1, waiting: 19 });
    expect(gate.take('c')).toMatchObject({ status: 503 });

    const reason = new Error('gone');
    for (const render of dropped) render.unwanted.abort(reason);
    for (const render of dropped) await expect(render.run).rejects.toBe(reason);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    expect(gate.take('c')).toBeNull();
    const next = gate.run(async () => 'next');
    first.finish();
    await firstRun;
    await expect(next).resolves.toBe('next');
    expect(dropped.some((render) => render.ran.yes)).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('runs a render whose signal aborts once it has its turn, and refuses one already aborted', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 1, perClientPerMinute: 1000, timeShare: 1 });
    const render = held();
    const unwanted = new AbortController();
    const run = gate.run(render.work, unwanted.signal);
    unwanted.abort(new Error('gone'));
    render.finish();
    await expect(run).resolves.toBeUndefined();
    const busy = held();
    const busyRun = gate.run(busy.work);
    await expect(gate.run(async () => 'late', unwanted.signal)).rejects.toThrow('gone');
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    busy.finish();
    await busyRun;
  });

  it('frees the turn of a render that fails', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 0, perClientPerMinute: 1000, timeShare: 1 });
    expect(gate.take('a')).toBeNull();
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(gate.take('a')).toBeNull();
  });
});
