import 'server-only';

import { parseArgs } from 'node:util';

import { UserFacingError } from '@/lib/errors';
import { STAFF_ROLES, type StaffRole } from '@/lib/staff';

import { closeDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { prepareDatabase } from '../db/prepare';
import { CLI_ACTOR } from './audit-log';
import { addStaffMember, listStaffMembers, removeStaffMember } from './members';

const USAGE = `Usage: npm run staff -- <command>
  add <email> --role <${STAFF_ROLES.join('|')}>   give an existing account a staff role (or change it)
  remove <email>                                  end a membership (the account stays)
  list                                            every member, their role and second-factor state
Works on PostgreSQL (DATABASE_URL) at any time, and on the embedded database while the server is stopped.`;

type Output = { log(line: string): void; error(line: string): void };
const consoleOutput: Output = { log: (line) => console.log(line), error: (line) => console.error(line) };

class UsageError extends Error {}

const isRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** Runs one command of `npm run staff`; returns the process exit code. */
export async function runStaffCli(argv: string[], out: Output = consoleOutput): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'add') {
      const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { role: { type: 'string' } } });
      const [email] = positionals;
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError('add needs the email of an existing account.');
      if (!isRole(values.role)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
      await prepareDatabase();
      const outcome = await addStaffMember(CLI_ACTOR, email, values.role);
      out.log(outcome === 'unchanged' ? `${email} is already ${values.role}.` : `${email} is now ${values.role}${outcome === 'added' ? ' (they set up their second factor on their first visit to /staff)' : ''}.`);
      return 0;
    }
    if (command === 'remove') {
      const [email] = rest;
      if (!email) throw new UsageError('remove needs an email.');
      await prepareDatabase();
      out.log((await removeStaffMember(CLI_ACTOR, email)) ? `${email} is no longer staff.` : `${email} was not staff.`);
      return 0;
    }
    if (command === 'list') {
      await prepareDatabase();
      const members = await listStaffMembers();
      if (!members.length) out.log('No staff yet. Add the first admin with: npm run staff -- add <email> --role admin');
      for (const member of members) out.log(`${member.email}\t${member.role}\t${member.enrolled ? 'second factor set up' : 'second factor not set up yet'}`);
      return 0;
    }
    throw new UsageError(command ? `Unknown command ${command}.` : 'No command given.');
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      out.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DataDirLockedError) {
      out.error(`${error.message}\nStop the server (it holds the embedded database) and run this again, or use PostgreSQL.`);
      return 3;
    }
    if (error instanceof UserFacingError) {
      out.error(error.message);
      return 1;
    }
    out.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await closeDatabase();
  }
}
