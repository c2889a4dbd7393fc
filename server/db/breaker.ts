import 'server-only';

/** Seconds a client refused while the database is unavailable should wait before asking again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Raised at once, without asking PostgreSQL, while it is known to be unresponsive (the breaker is open). */
export class DatabaseUnavailableError extends Error {
  name = 'DatabaseUnavailableError';
  retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  constructor() {
    super('The database is not answering; try again in a moment.');
  }
}

/** True when `error` or one of its causes (Drizzle wraps the driver's error) is a refusal of the breaker. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof DatabaseUnavailableError || current.name === 'DatabaseUnavailableError') return true;
  }
  return false;
}

export type Breaker = {
  /** Throws DatabaseUnavailableError while open; otherwise does nothing. */
  check(): void;
  /** Opens after a timeout: later queries fail at once instead of each waiting out its own deadline. */
  trip(): void;
  /** Closes after a successful probe or health ping. */
  close(): void;
  isOpen(): boolean;
  /** Stops the probe loop (when the database handle closes). */
  dispose(): void;
};

/**
 * A circuit breaker over one database pool. One timeout means the server is stalled (a stopped process or a dead
 * link answers nothing), so every query would wait out the full deadline and pile up; instead the breaker opens and
 * queries fail at once until a probe (`select 1` outside the breaker, one at a time, every `probeEveryMs`) or a
 * health ping succeeds. The probe's own wait is bounded by the watched socket's deadline.
 */
export function createBreaker(options: { probe: () => Promise<void>; probeEveryMs: number; onChange?: (open: boolean) => void }): Breaker {
  let open = false;
  let probing = false;
  let disposed = false;
  let timer: NodeJS.Timeout | null = null;

  const setOpen = (value: boolean) => {
    if (open === value) return;
    open = value;
    options.onChange?.(value);
  };

  const scheduleProbe = () => {
    if (timer || probing || disposed || !open) return;
    timer = setTimeout(() => {
      timer = null;
      probing = true;
      options.probe().then(
        () => {
          probing = false;
          setOpen(false);
        },
        () => {
          probing = false;
          scheduleProbe();
        },
      );
    }, options.probeEveryMs);
    // A process that has nothing else to do may exit while the database is down.
    timer.unref();
  };

  return {
    check() {
      if (open) throw new DatabaseUnavailableError();
    },
    trip() {
      if (disposed) return;
      setOpen(true);
      scheduleProbe();
    },
    close: () => setOpen(false),
    isOpen: () => open,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      setOpen(false);
    },
  };
}
