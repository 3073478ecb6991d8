import { isEngineUnavailable } from '@directory/indexer/engine-availability.ts';

/** First wait before probing an engine found unreachable; it doubles after each failed probe. */
const FIRST_PROBE_DELAY_MS = 1000;
const MAX_PROBE_DELAY_MS = 30_000;

/**
 * Whether the search engine can be reached. A call that finds it unreachable marks it down: lists
 * and searches answer 503 at once (no request waits on a dead engine), and a probe runs after
 * 1 s, 2 s, 4 s… up to 30 s until the engine answers; then lists answer again, without a restart.
 * The probe also does what a start would have (build a missing index, apply the change log).
 */
export class EngineHealth {
  private isDown = false;
  private reason = '';
  private delayMs = FIRST_PROBE_DELAY_MS;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<boolean> | null = null;
  private isStopped = false;

  constructor(
    /** Throws while the engine cannot be reached; what the server must do once it can goes here too. */
    private readonly probe: () => Promise<void>,
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {}

  isAvailable(): boolean {
    return !this.isDown;
  }

  /** Seconds until the next probe, for a `Retry-After` header. */
  retryAfterSeconds(): number {
    return Math.ceil(this.delayMs / 1000);
  }

  /**
   * Looks at a failed engine call: when it says the engine is unreachable, marks it down (once,
   * with a log line) and schedules a probe; returns whether it did. Other errors are the caller's.
   */
  noteFailure(error: unknown): boolean {
    if (!isEngineUnavailable(error)) return false;
    if (!this.isDown) {
      this.isDown = true;
      this.reason = error instanceof Error ? describe(error) : String(error);
      this.delayMs = FIRST_PROBE_DELAY_MS;
      this.log(`Search engine unreachable (${this.reason}): lists and searches answer 503 until it answers again; probing it with backoff.`);
      this.schedule();
    }
    return true;
  }

  /**
   * Probes now (a scheduled probe, or a test driving recovery); true when the engine answered.
   * A probe already running is shared.
   */
  probeNow(): Promise<boolean> {
    this.probing ??= this.runProbe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  /** Stops probing (server shutdown). */
  stop(): void {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async runProbe(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.probe();
    } catch (error) {
      if (!isEngineUnavailable(error)) this.log(`Search engine probe failed: ${error instanceof Error ? error.message : String(error)}`);
      this.isDown = true;
      this.delayMs = Math.min(this.delayMs * 2, MAX_PROBE_DELAY_MS);
      this.schedule();
      return false;
    }
    if (this.isDown) this.log('Search engine reachable again: lists and searches answer again.');
    this.isDown = false;
    this.delayMs = FIRST_PROBE_DELAY_MS;
    return true;
  }

  private schedule(): void {
    if (this.isStopped || this.timer) return;
    this.timer = setTimeout(() => void this.probeNow(), this.delayMs);
    this.timer.unref();
  }
}

/**
 * "fetch failed (ECONNRESET)", "Request to … has failed (request timed out after 5000ms)": the
 * error and the deepest cause under it (its network code, or else its message).
 */
function describe(error: Error): string {
  let cause: unknown = error.cause;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  const head = error.message.split('\n')[0]!;
  if (!(cause instanceof Error)) return head;
  const code = 'code' in cause ? String(cause.code) : null;
  return `${head} (${code ?? cause.message.split('\n')[0]})`;
}
