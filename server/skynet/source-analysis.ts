import 'server-only';

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { SkynetEvidence } from '../db/schema';

/** Calls that enforce an access check in OpenZeppelin-style contracts. */
const CHECK_FUNCTIONS = new Set(['_checkOwner', '_checkRole', '_checkProxyAdmin', '_onlyOwner', '_authorizeUpgrade']);
const CHECK_MODIFIER = /^only[A-Z_]|^onlyOwner$|^onlyRole$|^auth$|^requiresAuth$/;

type AstNode = { nodeType?: string; id?: number; name?: string; [key: string]: unknown };

function walk(node: unknown, visit: (node: AstNode) => void) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  visit(node as AstNode);
  for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
}

/** True when a node compares msg.sender (require(msg.sender == owner) and the like). */
function comparesSender(node: AstNode): boolean {
  if (node.nodeType !== 'BinaryOperation' || !['==', '!='].includes(String(node.operator))) return false;
  const isSender = (side: unknown) => {
    const expression = side as AstNode;
    return expression?.nodeType === 'MemberAccess' && expression.memberName === 'sender' && (expression.expression as AstNode)?.name === 'msg';
  };
  return isSender(node.leftExpression) || isSender(node.rightExpression);
}

/**
 * Compiles the given source with solc and reads its AST: a public function is privileged when it carries an
 * access modifier (onlyOwner, onlyRole, …) or when it, or a function or modifier it uses (followed along the
 * inheritance chain through referenced declarations), calls _checkOwner/_checkRole or compares msg.sender.
 * Returns evidence by 4-byte selector. Imports resolve beside the file and from node_modules (e.g. OpenZeppelin).
 */
export function analyzeSource(sourceFile: string, contractName?: string): Map<string, SkynetEvidence[]> {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const solc = require('solc') as { compile(input: string, options: { import(path: string): { contents?: string; error?: string } }): string };
  const baseDir = path.dirname(path.resolve(sourceFile));
  const findImport = (importPath: string) => {
    for (const candidate of [path.resolve(baseDir, importPath), path.resolve(process.cwd(), 'node_modules', importPath)]) {
      if (fs.existsSync(candidate)) return { contents: fs.readFileSync(candidate, 'utf8') };
    }
    return { error: `not found: ${importPath}` };
  };
  const key = path.basename(sourceFile);
  const input = {
    language: 'Solidity',
    sources: { [key]: { content: fs.readFileSync(sourceFile, 'utf8') } },
    settings: { outputSelection: { '*': { '': ['ast'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    sources: Record<string, { ast: AstNode }>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length) throw new Error(`The source does not compile:\n${errors.map((error) => error.formattedMessage).join('\n')}`);

  const byId = new Map<number, AstNode>();
  for (const source of Object.values(output.sources)) walk(source.ast, (node) => typeof node.id === 'number' && byId.set(node.id, node));
  const contracts: AstNode[] = [];
  walk(output.sources[key].ast, (node) => node.nodeType === 'ContractDefinition' && node.contractKind === 'contract' && contracts.push(node));
  const target = contractName ? contracts.find((contract) => contract.name === contractName) : contracts.at(-1);
  if (!target) throw new Error(contractName ? `No contract ${contractName} in ${sourceFile}.` : `No contract in ${sourceFile}.`);

  // Why a declaration (function or modifier) enforces access, found once per id.
  const reasons = new Map<number, string | null>();
  const reasonOf = (id: number, depth = 0): string | null => {
    if (reasons.has(id)) return reasons.get(id)!;
    const declaration = byId.get(id);
    if (!declaration || depth > 12) return null;
    reasons.set(id, null); // guards recursion
    let reason: string | null = null;
    walk(declaration.body, (node) => {
      if (reason) return;
      if (comparesSender(node)) reason = `${declaration.name} compares msg.sender`;
      const referenced = node.referencedDeclaration;
      if (typeof referenced === 'number' && (node.nodeType === 'Identifier' || node.nodeType === 'MemberAccess')) {
        const callee = byId.get(referenced);
        if (callee?.nodeType === 'FunctionDefinition' && CHECK_FUNCTIONS.has(String(callee.name))) reason = `${declaration.name} calls ${callee.name}`;
        else if (callee?.nodeType === 'FunctionDefinition' || callee?.nodeType === 'ModifierDefinition') {
          const inner = reasonOf(referenced, depth + 1);
          if (inner) reason = inner;
        }
      }
    });
    reasons.set(id, reason);
    return reason;
  };

  const evidence = new Map<string, SkynetEvidence[]>();
  const linearized = (target.linearizedBaseContracts as number[]).map((id) => byId.get(id)!).filter(Boolean);
  const seen = new Set<string>();
  for (const contract of linearized) {
    for (const node of contract.nodes as AstNode[]) {
      if (node.nodeType !== 'FunctionDefinition' || typeof node.functionSelector !== 'string') continue;
      const selector = `0x${node.functionSelector}`;
      // The most derived definition wins, as it does on chain.
      if (seen.has(selector)) continue;
      seen.add(selector);
      const found: SkynetEvidence[] = [];
      for (const modifier of (node.modifiers as AstNode[]) ?? []) {
        const modifierName = modifier.modifierName as AstNode;
        const modifierId = modifierName?.referencedDeclaration as number | undefined;
        const declared = modifierId === undefined ? undefined : byId.get(modifierId);
        if (declared?.nodeType !== 'ModifierDefinition') continue;
        const inner = reasonOf(modifierId!);
        if (CHECK_MODIFIER.test(String(declared.name)) || inner) {
          found.push({ method: 'source', detail: `${contract.name}.${node.name} has modifier ${declared.name}${inner ? ` (${inner})` : ''}` });
        }
      }
      const own = reasonOf(node.id!);
      if (own) found.push({ method: 'source', detail: `${contract.name}.${node.name}: ${own}` });
      if (found.length) evidence.set(selector, found);
    }
  }
  return evidence;
}
