import { parentPort, Worker } from 'node:worker_threads';
/**
 * The source of a worker thread that runs a TypeScript module: worker threads do not inherit the
 * parent's tsx loader, so the thread registers it before importing `entry`. Start the thread with
 * `new Worker(tsWorkerSource(url), { eval: true })`.
 */
export function tsWorkerSource(entry: URL): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
}

/** What a task thread answers: the task's result, or why it failed. */
type TaskReply<T> = { result: T } | { error: string };

/** A task running on a thread of its own ({@link runTaskThread}). */
export interface TaskThread<T> {
  /** The task's result; rejects with its error, or when the thread ends without answering. */
  result: Promise<T>;
  /** Ends the thread (its result then rejects, unless it had answered). */
  stop(): Promise<void>;
}

/**
 * Runs one task on a thread of its own: `entry`, a TypeScript module that calls
 * {@link answerTask}, with `data` as its `workerData`.
 */
export function runTaskThread<T>(entry: URL, data: unknown): TaskThread<T> {
  const worker = new Worker(tsWorkerSource(entry), { eval: true, workerData: data });
  const result = new Promise<T>((resolve, reject) => {
    let reply: TaskReply<T> | null = null;
    worker.on('message', (message: TaskReply<T>) => (reply = message));
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (reply === null) reject(new Error(`The thread stopped before it ended (exit code ${code}).`));
      else if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply.result);
    });
  });
  return {
    result,
    async stop() {
      await worker.terminate();
    },
  };
}

/** In the thread of {@link runTaskThread}: runs the task and answers with its result, or its error's message. */
export function answerTask<T>(task: () => T | Promise<T>): void {
  const reply = (message: TaskReply<T>) => parentPort!.postMessage(message);
  Promise.resolve()
    .then(task)
    .then(
      (result) => reply({ result }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
}
