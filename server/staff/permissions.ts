import 'server-only';

import type { StaffRole } from '@/lib/staff';

/**
 * Who may do what in the staff console: the one table every staff read and write is checked against
 * (server/staff/access.ts). Admins may do everything; the console shows each member only what their role allows.
 */
export const STAFF_PERMISSIONS = {
  'projects.read': ['admin', 'analyst'],
  'projects.write': ['admin', 'analyst'],
  'audits.read': ['admin', 'analyst'],
  'audits.write': ['admin', 'analyst'],
  'scores.write': ['admin', 'analyst'],
  'alerts.read': ['admin', 'analyst', 'moderator'],
  /** Create, edit drafts, publish. */
  'alerts.write': ['admin', 'analyst'],
  /** Correct a published alert, with a reason that becomes public. */
  'alerts.correct': ['admin', 'analyst', 'moderator'],
  'reports.read': ['admin', 'moderator'],
  'reports.moderate': ['admin', 'moderator'],
  'quotes.read': ['admin', 'sales'],
  'quotes.write': ['admin', 'sales'],
  'staff.read': ['admin'],
  'staff.write': ['admin'],
  'auditLog.read': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** True when the role holds the permission. */
export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** Every permission of a role, for the console's navigation. */
export function permissionsOf(role: StaffRole): StaffPermission[] {
  return (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((permission) => roleCan(role, permission));
}
