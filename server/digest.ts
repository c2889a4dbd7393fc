import 'server-only';

/** Starts the daily digest timer in this process (placeholder wired by the lead; the digest's helper writes it). */
export function startDigestTimer(): void {}

/** Stops the daily digest timer. */
export async function stopDigestTimer(): Promise<void> {}
