import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { GET as metricByTimestamps } from '@/app/api/skynet/metric-by-timestamps/route';
import { GET as metricLatest } from '@/app/api/skynet/metric-latest/route';
import { GET as privilegedAddress } from '@/app/api/skynet/privileged-address/route';
import { GET as privilegedFunction } from '@/app/api/skynet/privileged-function/route';
import { GET as privilegedTransaction } from '@/app/api/skynet/privileged-transaction/route';
import { GET as topCallers } from '@/app/api/skynet/top-callers/route';
import { GET as topEvents } from '@/app/api/skynet/top-events/route';
import { GET as topFunctionCalls } from '@/app/api/skynet/top-function-calls/route';
import { GET as socialActivity } from '@/app/api/skynet/twitter-activity-by-dates/route';
import { getDb } from '@/server/db/client';
import { runSkynetCli } from '@/server/skynet/cli';
import { importSocialActivity } from '@/server/skynet/social';

const call = async (handler: (request: Request) => Promise<Response>, query: string) => {
  const response = await handler(new Request(`http://localhost/api/skynet/x?${query}`));
  return { status: response.status, body: (await response.json()) as unknown, cacheControl: response.headers.get('cache-control') };
};
const ADDRESS = `0x${'ab'.repeat(20)}`;

describe('the Skynet calls', () => {
  it.each([
    [metricLatest, 'name=exchanges(projectId=bitcoin', 'name: bad metric name'],
    [metricLatest, '', 'name'],
    [metricLatest, 'name=ex%20changes', 'bad metric name'],
    [metricByTimestamps, 'name=exchanges(projectId=bitcoin)&timestamps=1,x', "timestamps: 'x' is not a unix time in seconds"],
    [metricByTimestamps, 'name=exchanges(projectId=bitcoin)&timestamps=-5', 'is not a unix time'],
    [metricByTimestamps, 'name=exchanges(projectId=bitcoin)&timestamps=99999999999999', 'is not a unix time'],
    [topCallers, 'projectId=bitcoin&count=abc', 'count must be a whole number from 1 to 100'],
    [topEvents, 'projectId=bitcoin&count=-1', 'count must be a whole number from 1 to 100'],
    [topFunctionCalls, 'projectId=bitcoin&count=1000000000000', 'count must be a whole number from 1 to 100'],
    [topCallers, 'count=5', 'projectId'],
    [privilegedAddress, 'address=0x12', 'address must be 0x followed by 40 hexadecimal digits'],
    [privilegedFunction, 'address=', 'address must be'],
    [privilegedTransaction, `address=${ADDRESS}&limit=0`, 'limit must be a whole number'],
    [privilegedTransaction, `address=${ADDRESS}&limit=1.5`, 'limit must be a whole number'],
    [socialActivity, 'projectId=bitcoin&type=tweets&dates=2026-13-01', "'2026-13-01' is not a date as YYYY-MM-DD"],
    [socialActivity, 'projectId=bitcoin&dates=2026-10-01', 'type'],
  ])('answer 400 with a clear message to bad input (%#)', async (handler, query, message) => {
    const { status, body } = await call(handler, query);
    expect(status).toBe(400);
    expect((body as { error: string }).error).toContain(message);
  });

  it('serve the demo exchange listings and social activity of a seeded project, labelled demo and briefly cached', async () => {
    const latest = await call(metricLatest, 'name=exchanges(projectId=bitcoin)');
    expect(latest.status).toBe(200);
    expect(latest.cacheControl).toContain('max-age=10');
    const body = latest.body as { series: string; latest: { value: number; detail: { exchanges: string[] }; isDemo: boolean } };
    expect(body.series).toBe('exchanges(projectId=bitcoin)');
    expect(body.latest.isDemo).toBe(true);
    expect(body.latest.detail.exchanges).toHaveLength(body.latest.value);

    const at = await call(metricByTimestamps, `name=transactions(projectId=bitcoin)&timestamps=0,${Date.UTC(2026, 9, 20) / 1000}`);
    const points = (at.body as { points: { timestamp: number; point: { value: number } | null }[] }).points;
    expect(points[0].point).toBeNull();
    expect(points[1].point!.value).toBeGreaterThan(0);

    const social = await call(socialActivity, 'projectId=bitcoin&type=tweets&dates=2026-10-30,1999-01-01');
    expect(social.body).toEqual([
      { date: '2026-10-30', value: expect.any(Number), isDemo: true },
      { date: '1999-01-01', value: null, isDemo: false },
    ]);
  });

  it('answer empty lists for an unwatched project or contract', async () => {
    expect((await call(topCallers, 'projectId=bitcoin')).body).toEqual([]);
    expect((await call(privilegedTransaction, `address=${ADDRESS}`)).body).toEqual([]);
    expect((await call(privilegedFunction, `address=${ADDRESS}`)).body).toEqual([]);
  });

  it('import social activity from CSV and JSON, replacing the demo rows of that project and type', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skynet-social-'));
    const csv = path.join(dir, 'activity.csv');
    fs.writeFileSync(csv, 'projectId,type,date,value\nethereum,tweets,2026-11-01,42\nethereum,tweets,2026-11-02,7\n');
    const json = path.join(dir, 'activity.json');
    fs.writeFileSync(json, JSON.stringify([{ projectId: 'ethereum', type: 'followers', date: '2026-11-01', value: 1000 }]));
    const db = await getDb();
    expect(await importSocialActivity(db, csv)).toEqual({ rows: 2, projects: 1 });
    expect(await importSocialActivity(db, json)).toEqual({ rows: 1, projects: 1 });
    const tweets = await call(socialActivity, 'projectId=ethereum&type=tweets&dates=2026-11-01,2026-11-02,2026-10-30');
    expect(tweets.body).toEqual([
      { date: '2026-11-01', value: 42, isDemo: false },
      { date: '2026-11-02', value: 7, isDemo: false },
      { date: '2026-10-30', value: null, isDemo: false },
    ]);
    fs.writeFileSync(csv, 'projectId,type,date,value\nno-such-project,tweets,2026-11-01,1\n');
    await expect(importSocialActivity(db, csv)).rejects.toThrow('Unknown project ids: no-such-project');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the command line refuses a bad command with its usage', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await runSkynetCli(['frobnicate'])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toContain('Usage: npm run skynet');
  });

  it('the command line refuses to open an embedded data folder that a running process holds', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skynet-locked-'));
    // This test process stands in for the server: it is alive and its pid is in the lock file.
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
    const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/skynet.ts', 'status'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_OPTIONS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(result.stderr).toContain(`is in use by process ${process.pid}`);
    expect(result.stderr).toContain('The server indexes by itself when RPC_URL is set');
    expect(result.status).toBe(3);
  });
});
