/** The render gate (decision 131): a budget per client address, and a cap on renders at once and waiting. */
import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate';

/** A render held open until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('the render gate', () => {
  it("refuses a client past its budget with 429 and the seconds to its next render, and refills it over the minute", () => {
    let now = 0;
    const gate = new RenderGate({ concurrency: 10, queue: 10, perClientPerMinute: 3 }, () => now);
    for (let i = 0; i < 3; i += 1) expect(gate.take('a')).toBeNull();
    expect(gate.take('a')).toEqual({ status: 429, retryAfterSeconds: 20 });
    // Another client has its own budget.
    expect(gate.take('b')).toBeNull();
    now = 19_000;
    expect(gate.take('a')).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    now = 20_000;
    expect(gate.take('a')).toBeNull();
    expect(gate.take('a')).toMatchObject({ status: 429 });
    now = 200_000;
    for (let i = 0; i < 3; i += 1) expect(gate.take('a')).toBeNull();
    expect(gate.take('a')).toMatchObject({ status: 429 });
  });

  it('runs at most `concurrency` renders at once, lets `queue` wait, and refuses the next with 503 at once', async () => {
    const gate = new RenderGate({ concurrency: 2, queue: 1, perClientPerMinute: 1000 });
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

  it('frees the turn of a render that fails', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 0, perClientPerMinute: 1000 });
    expect(gate.take('a')).toBeNull();
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(gate.take('a')).toBeNull();
  });
});
