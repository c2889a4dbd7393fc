/** The app servers playwright.config.ts starts: the main one, and a second one with the portfolio flag off. */
const PORT = Number(process.env.E2E_PORT ?? 3210);

export const FLAGS_OFF_URL = `http://localhost:${PORT + 2}`;
