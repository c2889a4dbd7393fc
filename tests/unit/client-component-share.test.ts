import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #18: client components are small leaves, at most 40% of the .tsx files outside tests. A client component is
 * a file whose first statement is the 'use client' directive (comments before it do not count as statements).
 */
const ROOT = path.resolve(__dirname, '../..');
const SKIPPED = new Set(['node_modules', '.next', 'tests', '.git', 'public', 'playwright-report', 'test-results']);
const CLIENT_SHARE_MAX = 0.4;

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : tsxFiles(path.join(dir, entry.name));
    return entry.name.endsWith('.tsx') ? [path.join(dir, entry.name)] : [];
  });
}

/** True when the source's first statement is 'use client' (after any comments and blank lines). */
function isClientComponent(source: string): boolean {
  const code = source.replace(/^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
  return /^(['"])use client\1/.test(code);
}

describe('client components', () => {
  it('are recognised by their first statement only', () => {
    expect(isClientComponent("'use client';\n\nexport const a = 1;")).toBe(true);
    expect(isClientComponent('// why\n/* more */\n"use client"\nexport const a = 1;')).toBe(true);
    expect(isClientComponent("import a from 'a';\n'use client';")).toBe(false);
    expect(isClientComponent("// No 'use client': Radix marks its own boundary.\nimport a from 'a';")).toBe(false);
  });

  it('are at most 40% of the .tsx files outside tests', () => {
    const files = tsxFiles(ROOT);
    const clients = files.filter((file) => isClientComponent(fs.readFileSync(file, 'utf8')));
    expect(files.length).toBeGreaterThan(100);
    const share = clients.length / files.length;
    const list = clients.map((file) => path.relative(ROOT, file)).join('\n');
    expect(share, `${clients.length} of ${files.length} .tsx files are client components:\n${list}`).toBeLessThanOrEqual(CLIENT_SHARE_MAX);
  });
});
