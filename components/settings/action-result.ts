import { DEFAULT_SERVER_ERROR_MESSAGE } from 'next-safe-action';

type ActionResult = { serverError?: string; validationErrors?: unknown } | undefined;

/** The message to show for a failed action result, or null when it succeeded. */
export function actionFailure(result: ActionResult): string | null {
  if (!result) return DEFAULT_SERVER_ERROR_MESSAGE;
  if (result.serverError) return result.serverError;
  if (result.validationErrors) {
    // next-safe-action's formatted shape: { field: { _errors: [message] } }; show the first message found.
    const first = JSON.stringify(result.validationErrors).match(/"_errors":\["((?:[^"\\]|\\.)*)"/);
    return first ? JSON.parse(`"${first[1]}"`) : DEFAULT_SERVER_ERROR_MESSAGE;
  }
  return null;
}
