// Fills the benchmark's embedded database up to the wanted number of projects with deterministic synthetic rows.
// It opens the PGlite folder directly (the layout of server/db/client.ts: <DATA_DIR>/pglite), so the server must
// be stopped meanwhile; it holds the same lock file the server uses while the folder is open.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const STEMS = [
  'Nova', 'Astra', 'Zen', 'Lumi', 'Vex', 'Orbi', 'Kira', 'Sola', 'Terra', 'Quanta', 'Hexa', 'Velo', 'Aether', 'Cryo',
  'Drako', 'Echo', 'Flux', 'Gala', 'Helio', 'Iono', 'Jade', 'Kappa', 'Lyra', 'Mira', 'Nexa', 'Onyx', 'Pyra', 'Quasar',
  'Rho', 'Sigma', 'Tera', 'Umbra', 'Vortex', 'Warp', 'Xeno', 'Yara', 'Zephyr', 'Borea', 'Cinder', 'Delta',
];
const SYLLABLES = ['', 'ra', 'lo', 'vi', 'tex', 'mon', 'dex', 'nix', 'ka', 'zo', 'ar', 'lis', 'quin'];
const SUFFIXES = [
  'Finance', 'Swap', 'Protocol', 'Chain', 'DAO', 'Labs', 'Network', 'Bridge', 'Vault', 'Pay', 'Lend', 'Markets',
  'Games', 'Verse', 'Fi', 'Exchange', 'Oracle', 'Stake', 'Yield', 'Capital',
];
const CATEGORIES = ['DeFi', 'Layer 1', 'Layer 2', 'Exchange', 'Stablecoin', 'Gaming', 'NFT', 'Infrastructure', 'Privacy', 'Payments'];
const CHAINS = ['Ethereum', 'BNB Chain', 'Polygon', 'Arbitrum', 'Optimism', 'Avalanche', 'Solana', 'Base'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A small stable 32-bit hash (FNV-1a with a final mix), so every run generates the same rows. */
function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** The n-th synthetic project (n ≥ 0): a name such as 'Novara Finance 1234' and a 3–5 letter ticker. */
export function syntheticProject(n) {
  const h = hash(`bench:${n}`);
  const stem = STEMS[h % STEMS.length] + SYLLABLES[(h >>> 6) % SYLLABLES.length];
  const suffix = SUFFIXES[(h >>> 11) % SUFFIXES.length];
  const number = 1000 + n;
  const name = `${stem} ${suffix} ${number}`;
  const id = `${stem}-${suffix}-${number}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const length = 3 + ((h >>> 16) % 3);
  let ticker = stem.slice(0, 2).toUpperCase();
  for (let i = ticker.length; i < length; i++) ticker += LETTERS[hash(`${n}:${i}`) % LETTERS.length];
  const chainCount = 1 + ((h >>> 20) % 3);
  const chains = [...new Set(Array.from({ length: chainCount }, (_, i) => CHAINS[hash(`${n}:chain:${i}`) % CHAINS.length]))];
  return { id, name, ticker, category: CATEGORIES[(h >>> 24) % CATEGORIES.length], chains };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Takes <dataDir>/pglite.lock as server/db/lock.ts does. Returns the release function and whether a stale lock
 * (left by a process that is gone, i.e. a server that did not close its database) was taken over.
 */
function acquireLock(dataDir) {
  const lockFile = path.join(dataDir, 'pglite.lock');
  let stale = false;
  if (fs.existsSync(lockFile)) {
    const owner = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
    if (Number.isInteger(owner) && isAlive(owner)) throw new Error(`The bench data folder is still in use by process ${owner}.`);
    fs.rmSync(lockFile, { force: true });
    stale = true;
  }
  fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  return { stale, release: () => fs.rmSync(lockFile, { force: true }) };
}

/** Holds the PGlite instance while it is open, so an interrupted run can still close it. */
let openDb = null;

export async function closeOpenDatabase() {
  const db = openDb;
  openDb = null;
  if (db && !db.closed) await db.close();
}

/**
 * Adds synthetic projects (with scores) until `projects` holds `target` rows. Scores and pillar breakdowns are
 * borrowed from the seeded projects in turn, so every row has the same shape the pages expect. Returns counts,
 * and `staleLock` when the stopped server had left its lock file behind.
 */
export async function fillProjects(dataDir, target, batchSize = 500) {
  const { stale, release } = acquireLock(dataDir);
  try {
    openDb = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm, unaccent } });
    const db = openDb;
    const before = (await db.query('select count(*)::int as count, coalesce(max(rank), 0)::int as max_rank from projects')).rows[0];
    const templates = (await db.query('select score, pillars, methodology_version from project_scores order by project_id')).rows;
    if (templates.length === 0) throw new Error('The seeded database has no project scores to borrow from.');
    const missing = Math.max(0, target - before.count);

    await db.transaction(async (tx) => {
      for (let start = 0; start < missing; start += batchSize) {
        const count = Math.min(batchSize, missing - start);
        const projectValues = [];
        const projectParams = [];
        const scoreValues = [];
        const scoreParams = [];
        for (let i = 0; i < count; i++) {
          const n = start + i;
          const project = syntheticProject(n);
          const p = projectParams.length;
          projectValues.push(`($${p + 1}, $${p + 2}, null, $${p + 3}, $${p + 4}::text[], $${p + 5}, $${p + 6}::text[], true)`);
          projectParams.push(project.id, project.name, before.max_rank + n + 1, [project.ticker], project.category, project.chains);
          const template = templates[n % templates.length];
          const s = scoreParams.length;
          scoreValues.push(`($${s + 1}, $${s + 2}, $${s + 3}::jsonb, $${s + 4}, true)`);
          scoreParams.push(project.id, template.score, JSON.stringify(template.pillars), template.methodology_version);
        }
        await tx.query(
          `insert into projects (id, name, logo, rank, token_tickers, category, chains, is_demo) values ${projectValues.join(', ')} on conflict (id) do nothing`,
          projectParams,
        );
        await tx.query(
          `insert into project_scores (project_id, score, pillars, methodology_version, is_demo) values ${scoreValues.join(', ')} on conflict (project_id) do nothing`,
          scoreParams,
        );
      }
    });

    const after = (await db.query('select count(*)::int as count from projects')).rows[0].count;
    const scored = (await db.query('select count(*)::int as count from project_scores')).rows[0].count;
    return { seeded: before.count, added: after - before.count, projects: after, scores: scored, staleLock: stale };
  } finally {
    try {
      await closeOpenDatabase();
    } finally {
      release();
    }
  }
}
