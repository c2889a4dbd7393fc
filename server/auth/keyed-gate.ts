import 'server-only';

import { AuthException } from './errors';

/**
 * At most `running` tasks per key at once, the next `waiting` in arrival order, and a LimitExceededException for the
 * rest. In this process only: each instance bounds its own share, which is what bounds the work per account.
 */
export class KeyedGate {
  private readonly gates = new Map<string, { running: number; queue: (() => void)[] }>();

  constructor(private readonly limits: { running: number; waiting: number }) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let gate = this.gates.get(key);
    if (!gate) {
      gate = { running: 0, queue: [] };
      this.gates.set(key, gate);
    }
    if (gate.running < this.limits.running) gate.running++;
    else if (gate.queue.length < this.limits.waiting) await new Promise<void>((resolve) => gate.queue.push(resolve));
    else throw new AuthException('LimitExceededException', undefined, 1);
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line; the last one out removes the key.
      const next = gate.queue.shift();
      if (next) next();
      else if (--gate.running === 0) this.gates.delete(key);
    }
  }

  /** Tasks running or waiting for a key (tests). */
  pending(key: string): number {
    const gate = this.gates.get(key);
    return gate ? gate.running + gate.queue.length : 0;
  }
}
