import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  url: string;
  /** The spawned process (the server itself when spawned as `node --import tsx …`, not through npm). */
  pid: number;
  /**
   * Resolves with true once no start-up check of the index is running: a server that built its
   * index at start ("Building the search index…") then checks it against the record on a thread
   * (reading the whole index, ~8–14 s at 1,000,000 businesses) while it already serves, and logs
   * the result; one that found its index ready runs none. False after `timeoutMs` with a check
   * still running.
   */
  startUpChecked(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** The line of a server that builds its index at start, which it then checks (backend/src/server.ts ensureIndex). */
const INDEX_BUILD_LINE = /^Building the search index/;
/** The lines the server logs when its start-up check of the index ends (indexer/src/verify.ts, backend/src/server.ts). */
const START_UP_CHECK_LINE = /^(Index matches the record|Index differs from the record|The new index could not be checked)/;

/**
 * Starts `command` in its own process group and resolves with the URL it prints on a
 * "listening on http://…" line; fails if it exits first or takes longer than `timeoutMs`.
 */
export function startChildServer(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; log: (line: string) => void },
): Promise<ChildServer> {
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // The group: `npm start` runs the server as a grandchild.
      signalGroup(child.pid!, 'SIGTERM');
      await exited;
    }
    // npm exits before the server it ran has closed: wait for the whole group, so that no server
    // still shutting down (applying a long change log, say) takes the CPU from what is measured next.
    await groupGone(child.pid!);
  };
  let isCheckDue = false;
  let endCheck: () => void = () => undefined;
  const checkEnded = new Promise<true>((resolve) => (endCheck = () => resolve(true)));
  const startUpChecked = async (timeoutMs: number) => {
    if (!isCheckDue) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([checkEnded, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`${command} ${args.join(' ')} did not start within ${options.timeoutMs / 1000} s`)));
    }, options.timeoutMs);
    let buffered = '';
    child.stdout!.on('data', (data: Buffer) => {
      buffered += data.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        options.log(line);
        if (INDEX_BUILD_LINE.test(line)) isCheckDue = true;
        if (START_UP_CHECK_LINE.test(line)) endCheck();
        const match = /listening on (http:\/\/[^\s]+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ url: match[1]!, pid: child.pid!, startUpChecked, stop });
        }
      }
    });
    child.stderr!.on('data', (data: Buffer) => options.log(data.toString().trimEnd()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening`));
    });
  });
}

/** How long a stopped server's process group may take to exit before it is killed. */
const GROUP_EXIT_TIMEOUT_MS = 60_000;
const GROUP_POLL_MS = 100;

/** Sends `signal` to the process group led by `pid`; false when no process of it is left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Waits until no process of the group led by `pid` is left; kills what is left after {@link GROUP_EXIT_TIMEOUT_MS}. */
async function groupGone(pid: number): Promise<void> {
  const deadline = performance.now() + GROUP_EXIT_TIMEOUT_MS;
  while (signalGroup(pid, 0)) {
    if (performance.now() > deadline) {
      signalGroup(pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}
