import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { parseConfig } from '@/server/config';

/*
 * The operator files cannot be built or run here (no Docker engine in CI): these checks hold them to the code they
 * describe, so a renamed script, a new template placeholder or a new required variable breaks a test, not a deploy.
 */
const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');
const compose = read('compose.yaml');
const dockerfile = read('Dockerfile');
const envExample = read('.env.example');
const template = read('deploy/nginx.conf.template');

/** The indented `KEY: value` lines of the first block of compose.yaml that `start` matches (after `after`). */
function block(start: RegExp, after?: RegExp): Record<string, string> {
  const lines = compose.split('\n');
  const from = after ? lines.findIndex((line) => after.test(line)) : 0;
  const first = lines.findIndex((line, index) => index > from && start.test(line));
  expect(first, `no ${start} in compose.yaml`).toBeGreaterThanOrEqual(0);
  const indent = /^\s*/.exec(lines[first])![0].length;
  const entries: Record<string, string> = {};
  for (const line of lines.slice(first + 1)) {
    if (line.trim() && /^\s*/.exec(line)![0].length <= indent) break;
    const match = /^\s+([A-Z][A-Z0-9_]*): (.*)$/.exec(line);
    if (match) entries[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  return entries;
}

/** What compose makes of `${VAR:-default}` and `${VAR:?message}`, with `values` standing for the .env file. */
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => values[name] ?? (kind === '-' ? rest! : ''));

describe('compose.yaml', () => {
  it('fills in every placeholder of the nginx template, mounted over the image default server', () => {
    const placeholders = [...new Set([...template.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]))];
    expect(placeholders.sort()).toEqual(['LISTEN_PORT', 'NGINX_CACHE_DIR', 'UPSTREAM_SERVERS']);
    const nginx = block(/^ {4}environment:$/, /^ {2}nginx:$/);
    expect(Object.keys(nginx).sort()).toEqual(placeholders);
    expect(compose).toContain('./deploy/nginx.conf.template:/etc/nginx/templates/default.conf.template:ro');
    expect(nginx.UPSTREAM_SERVERS).toBe('server app1:3000 max_fails=2 fail_timeout=5s; server app2:3000 max_fails=2 fail_timeout=5s;');
  });

  it('asks .env for exactly the variables .env.example documents', () => {
    const required = [...new Set([...compose.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]))].sort();
    expect(required).toEqual(['AUTH_SECRET', 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY', 'POSTGRES_PASSWORD', 'SMTP_URL']);
    const documented = [...envExample.matchAll(/^(\w+)=/gm)].map((match) => match[1]);
    const used = new Set([...compose.matchAll(/\$\{(\w+)/g)].map((match) => match[1]));
    for (const name of required) expect(documented).toContain(name);
    for (const name of documented) expect(used, `${name} in .env.example is not used by compose.yaml`).toContain(name);
  });

  it('gives the app instances a configuration the server accepts, on PostgreSQL and Redis behind one proxy', () => {
    const env = Object.fromEntries(
      Object.entries(block(/^x-app-environment:/)).map(([name, value]) => [
        name,
        interpolate(value, {
          POSTGRES_PASSWORD: 'f3a1c0de',
          AUTH_SECRET: 'a-session-secret-of-at-least-32-characters',
          NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: 'k'.repeat(44),
          SMTP_URL: 'smtp://mail.example:587',
        }),
      ]),
    );
    const config = parseConfig(env);
    expect(config).toMatchObject({
      isProduction: true,
      databaseUrl: 'postgres://sentinel:f3a1c0de@postgres:5432/sentinel',
      redisUrl: 'redis://redis:6379',
      trustedProxyHops: 1,
      backgroundWorkers: true,
      serverless: null,
    });
    expect(Number(env.KEEP_ALIVE_TIMEOUT)).toBeGreaterThan(60_000);
  });
});

describe('Dockerfile', () => {
  it('copies into the runtime the standalone build, the start script and every module the start script loads', () => {
    const copyLines = [...dockerfile.matchAll(/^COPY --from=build\S*(?: --chown=\S+)? (.+) \S+$/gm)].map((match) => match[1].split(' '));
    const copied = copyLines.flat();
    expect(copied).toContain('/app/.next/standalone');
    // What start.mjs loads: its imports, the front it runs as a worker thread (new URL('./front.mjs', …)), theirs.
    const loaded = new Set(['start.mjs']);
    for (const file of loaded) {
      const source = read(`scripts/${file}`);
      for (const match of source.matchAll(/^import .* from '\.\/([^']+)';$/gm)) loaded.add(match[1]);
      for (const match of source.matchAll(/new URL\('\.\/([^']+)', import\.meta\.url\)/g)) loaded.add(match[1]);
    }
    expect(loaded).toContain('front.mjs');
    expect(copied.filter((file) => file !== '/app/.next/standalone').sort()).toEqual([...loaded].map((file) => `/app/scripts/${file}`).sort());
    for (const file of copied.filter((entry) => entry.startsWith('/app/scripts/'))) expect(fs.existsSync(file.slice('/app/'.length)), file).toBe(true);
    // The standalone output, with the static files and public/ beside server.js, comes from next.config.ts and postbuild.
    expect(read('next.config.ts')).toMatch(/output: 'standalone'/);
    // Then the seeded database a first embedded start copies (scripts/seed-template.ts), inside the standalone folder.
    expect(JSON.parse(read('package.json')).scripts.build).toBe('next build && node scripts/postbuild.mjs && NODE_OPTIONS=--conditions=react-server tsx scripts/seed-template.ts');
    expect(read('scripts/seed-template.ts')).toContain("path.resolve('.next', 'standalone', '.seed-template')");
    expect(read('scripts/postbuild.mjs')).toContain("path.join(standalone, 'public')");
    expect(read('scripts/start.mjs')).toContain("path.resolve('.next', 'standalone')");
  });

  it('applies the package patches before `npm install` runs their postinstall', () => {
    expect(JSON.parse(read('package.json')).scripts.postinstall).toBe('patch-package');
    expect(dockerfile.indexOf('COPY patches ./patches')).toBeGreaterThan(-1);
    expect(dockerfile.indexOf('COPY patches ./patches')).toBeLessThan(dockerfile.indexOf('RUN npm install'));
  });

  it('runs the worker target on the script `npm run worker` runs', () => {
    expect(JSON.parse(read('package.json')).scripts.worker).toContain('tsx scripts/worker.ts');
    expect(dockerfile).toContain('CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/worker.ts"]');
  });

  it('keeps out of the build context nothing the build reads', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const needed = ['package.json', 'package-lock.json', 'next.config.ts', 'server/db/migrations', 'content', 'scripts/postbuild.mjs', 'scripts/copy-logos.mjs', 'scripts/copy-api-explorer.mjs', 'app', 'lib', 'server', 'components', 'actions'];
    for (const file of needed) {
      expect(fs.existsSync(file), `${file} is gone: update this list`).toBe(true);
      expect(ignored.filter((pattern) => file === pattern || file.startsWith(`${pattern}/`))).toEqual([]);
    }
  });
});
