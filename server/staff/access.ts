import 'server-only';

import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';

import { UserFacingError } from '@/lib/errors';
import type { StaffRole } from '@/lib/staff';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { currentSessionId, getSessionUser } from '../session';
import type { StaffActor } from './audit-log';
import { staffRoleOf } from './members';
import { permissionsOf, roleCan, type StaffPermission } from './permissions';
import { isSessionVerified } from './second-factor';

/**
 * Anyone who may not see a staff page or make a staff call gets the site's 404: the console does not admit it
 * exists. Actions and route handlers answer it as a 404 `Not found.`.
 */
export class StaffNotFoundError extends UserFacingError {
  constructor() {
    super(STAFF_MESSAGES.notFound, 404);
    this.name = 'StaffNotFoundError';
  }
}

export type StaffContext = {
  userId: string;
  email: string;
  role: StaffRole;
  sessionId: string;
  enrolled: boolean;
  /** This session passed the second factor. */
  verified: boolean;
  permissions: StaffPermission[];
};

/** This request's staff member, or null for anyone else (per request). */
export const getStaffContext = cache(async (): Promise<StaffContext | null> => {
  const user = await getSessionUser();
  if (!user) return null;
  const [membership, sessionId] = await Promise.all([staffRoleOf(user.id), currentSessionId()]);
  if (!membership || !sessionId) return null;
  const verified = membership.enrolled && (await isSessionVerified(user.id, sessionId));
  return { userId: user.id, email: user.email, role: membership.role, sessionId, enrolled: membership.enrolled, verified, permissions: permissionsOf(membership.role) };
});

export const actorOf = (staff: Pick<StaffContext, 'userId' | 'email'>): StaffActor => ({ userId: staff.userId, email: staff.email });

/** For every staff action and read: a verified member holding the permission, or StaffNotFoundError. */
export async function requireStaff(permission: StaffPermission): Promise<StaffContext> {
  const staff = await getStaffContext();
  if (!staff?.verified || !roleCan(staff.role, permission)) throw new StaffNotFoundError();
  return staff;
}

/** The console's pages: 404 for non-members and missing permissions; members still without the factor go to it. */
export async function requireStaffPage(permission?: StaffPermission): Promise<StaffContext> {
  const staff = await getStaffContext();
  if (!staff) notFound();
  if (!staff.enrolled) redirect('/staff/enrol');
  if (!staff.verified) redirect('/staff/verify');
  if (permission && !roleCan(staff.role, permission)) notFound();
  return staff;
}

/** The second-factor pages: members only, whatever their factor's state. */
export async function requireStaffMember(): Promise<StaffContext> {
  const staff = await getStaffContext();
  if (!staff) notFound();
  return staff;
}
