import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

const DATABASE_URL = process.env.DATABASE_URL;

// postgres.js 3.4.9 writes small queries on the next tick; when the server had ended the connection in between,
// that write threw from an immediate (porsager/postgres#1208) and ended the whole process: an instance lost to one
// dropped connection. patches/postgres+3.4.9.patch makes it reject the waiting query instead, and keeps a released
// dead reserved connection out of the pool's open ones (it used to poison the pool). The Skynet indexer
// holds a reserved connection for its advisory lock, exactly the case that crashed. It runs in a process of its
// own, as a server does: an uncaught error there ends it with code 3.
const SCENARIO = `
import postgres from 'postgres';
process.on('uncaughtException', (error) => { console.log('uncaught: ' + error.message); process.exit(3); });
const url = process.env.DATABASE_URL;
const pool = postgres(url, { max: 2, onnotice: () => {} });
const killer = postgres(url, { max: 1, onnotice: () => {} });
const reserved = await pool.reserve();
const [{ pid }] = await reserved\`select pg_backend_pid() as pid\`;
await killer\`select pg_terminate_backend(\${pid})\`;
await new Promise((resolve) => setTimeout(resolve, 200));
const codes = [];
for (let attempt = 0; attempt < 3; attempt += 1) {
  codes.push(await reserved\`select \${attempt}::int as n\`.then(() => 'answered', (error) => error.code));
}
codes.push(await reserved\`select 1\`.then(() => 'answered', (error) => error.code));
// Released, the dead connection must not go back to the pool as if it were open: later queries reconnect.
reserved.release();
let one = 0;
for (let attempt = 0; attempt < 4; attempt += 1) one += (await pool\`select \${1}::int as one\`)[0].one;
const again = await pool.reserve();
one += (await again\`select 1 as one\`)[0].one;
again.release();
await killer.end({ timeout: 1 });
await pool.end({ timeout: 1 });
console.log(JSON.stringify({ codes, one }));
`;

describe.skipIf(!DATABASE_URL)('the PostgreSQL driver when the server ends a connection (DATABASE_URL)', () => {
  it('rejects queries on a reserved connection whose backend was terminated, and the process lives on', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCENARIO], {
      env: { ...process.env, DATABASE_URL },
      timeout: 30_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ codes: Array(4).fill('CONNECTION_CLOSED'), one: 5 });
  }, 60_000);
});
