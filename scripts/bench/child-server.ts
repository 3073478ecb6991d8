import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildServer {
  url: string;
  /** The spawned process (the server itself when spawned as `node --import tsx …`, not through npm). */
  pid: number;
  stop(): Promise<void>;
}

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
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // The group: `npm start` runs the server as a grandchild.
      process.kill(-child.pid!, 'SIGTERM');
    });
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
        const match = /listening on (http:\/\/[^\s]+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ url: match[1]!, pid: child.pid!, stop });
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
