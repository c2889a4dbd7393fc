import 'server-only';

import fs from 'node:fs';
import path from 'node:path';

/**
 * A first start on the embedded database would spend most of its time creating the database (PGlite's initdb,
 * about 5 s here) and loading the seed. The build does both once instead (scripts/seed-template.ts) and leaves the
 * result beside the standalone server; a start whose data folder holds no database yet copies it, when it holds
 * the very seed this start would load (same fingerprint: same projects, demo setting and revision).
 */
export const SEED_TEMPLATE_DIR = path.join(process.cwd(), '.seed-template');
const FINGERPRINT_FILE = 'fingerprint';
/** The build's seed fingerprints for both DEMO_DATA settings: constant for a build, and ~150 ms to compute. */
const BUILT_FINGERPRINTS_FILE = 'fingerprints.json';

export type SeedFingerprints = { demo: string; plain: string };

/** This build's seed fingerprint for the demo setting, as the build computed it; null without a build's record. */
export function builtSeedFingerprint(demo: boolean, templateDir = SEED_TEMPLATE_DIR): string | null {
  try {
    const recorded = JSON.parse(fs.readFileSync(path.join(templateDir, BUILT_FINGERPRINTS_FILE), 'utf8')) as Partial<SeedFingerprints>;
    const fingerprint = demo ? recorded.demo : recorded.plain;
    return typeof fingerprint === 'string' && /^[0-9a-f]{64}$/.test(fingerprint) ? fingerprint : null;
  } catch {
    return null;
  }
}
const DATABASE_FOLDER = 'database';

/** The template's database folder when it holds `fingerprint`'s seed, else null (no template, or another seed). */
export function matchingSeedTemplate(fingerprint: string, templateDir = SEED_TEMPLATE_DIR): string | null {
  try {
    const recorded = fs.readFileSync(path.join(templateDir, FINGERPRINT_FILE), 'utf8').trim();
    return recorded === fingerprint ? path.join(templateDir, DATABASE_FOLDER) : null;
  } catch {
    return null;
  }
}

/**
 * Starts `databaseDir` from the template when it does not exist yet: copied beside it, then renamed into place, so
 * a copy cut short leaves no half database behind. Returns whether it copied.
 */
export function placeSeedTemplate(template: string, databaseDir: string): boolean {
  if (fs.existsSync(databaseDir) || !fs.existsSync(template)) return false;
  const partial = `${databaseDir}.copying-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.renameSync(partial, databaseDir);
  return true;
}

/**
 * Records a database folder made by the build as the template for `fingerprint`'s seed, with the build's
 * fingerprints for both demo settings.
 */
export function recordSeedTemplate(databaseDir: string, fingerprint: string, fingerprints: SeedFingerprints, templateDir = SEED_TEMPLATE_DIR): void {
  fs.rmSync(templateDir, { recursive: true, force: true });
  fs.mkdirSync(templateDir, { recursive: true });
  fs.renameSync(databaseDir, path.join(templateDir, DATABASE_FOLDER));
  fs.writeFileSync(path.join(templateDir, FINGERPRINT_FILE), `${fingerprint}\n`);
  fs.writeFileSync(path.join(templateDir, BUILT_FINGERPRINTS_FILE), `${JSON.stringify(fingerprints)}\n`);
}
