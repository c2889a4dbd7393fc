import 'server-only';

/** Starts the webhook delivery worker in this process (placeholder wired by the lead; the webhooks' helper writes it). */
export function startWebhookWorker(): void {}

/** Stops the webhook delivery worker, waiting a bounded time for the delivery in flight. */
export async function stopWebhookWorker(): Promise<void> {}
