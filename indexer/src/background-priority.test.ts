import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from './background-priority.ts';
import { niceOf } from './testing/thread-nice.ts';
import { tsWorkerSource } from './worker-source.ts';

describe.runIf(process.platform === 'linux')('background priority', () => {
  it('lowers the worker thread that asks, and not the thread that started it', async () => {
    const before = niceOf('self', 'thread-self');
    const source = `
      import { parentPort } from 'node:worker_threads';
      const { lowerThisThread } = await import(${JSON.stringify(new URL('./background-priority.ts', import.meta.url).href)});
      const { niceOf } = await import(${JSON.stringify(new URL('./testing/thread-nice.ts', import.meta.url).href)});
      const before = niceOf('self', 'thread-self');
      const lowered = lowerThisThread();
      parentPort.postMessage({ before, lowered, after: niceOf('self', 'thread-self') });`;
    const worker = new Worker(tsWorkerSource(new URL(`data:text/javascript,${encodeURIComponent(source)}`)), { eval: true });
    const reply = await new Promise<{ before: number; lowered: boolean; after: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(reply).toEqual({ before, lowered: true, after: Math.max(before, BACKGROUND_NICE) });
    expect(niceOf('self', 'thread-self')).toBe(before);
  });

  it('lowers every thread of a command, and the threads it starts later', () => {
    const script = `
      import { lowerThisProcess } from ${JSON.stringify(new URL('./background-priority.ts', import.meta.url).pathname)};
      import { nicesOf } from ${JSON.stringify(new URL('./testing/thread-nice.ts', import.meta.url).pathname)};
      import { Worker } from 'node:worker_threads';
      const before = nicesOf('self');
      lowerThisProcess();
      const worker = new Worker('setTimeout(() => {}, 200)', { eval: true });
      await new Promise((resolve) => worker.once('online', resolve));
      console.log(JSON.stringify({ before, after: nicesOf('self') }));
      await worker.terminate();`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const { before, after } = JSON.parse(output) as { before: number[]; after: number[] };
    expect(after.length).toBeGreaterThan(before.length);
    expect(new Set(after)).toEqual(new Set([Math.max(before[0]!, BACKGROUND_NICE)]));
  });
});
