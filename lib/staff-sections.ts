/** The console's sections, in menu order; each is listed only for roles whose permission it names. */
export const STAFF_SECTIONS = [
  { href: '/staff/projects', label: 'Projects', permission: 'projects.read' },
  { href: '/staff/audits', label: 'Audits', permission: 'audits.read' },
  { href: '/staff/alerts', label: 'Alerts', permission: 'alerts.read' },
  { href: '/staff/reports', label: 'Incident reports', permission: 'reports.read' },
  { href: '/staff/scores', label: 'Scores', permission: 'scores.write' },
  { href: '/staff/quotes', label: 'Quote requests', permission: 'quotes.read' },
  { href: '/staff/members', label: 'Staff', permission: 'staff.read' },
  { href: '/staff/log', label: 'Audit log', permission: 'auditLog.read' },
] as const;

export type StaffSection = (typeof STAFF_SECTIONS)[number];

/** The sections a member whose role holds `permissions` may open, in menu order (the menu and the overview list them). */
export function staffSectionsFor(permissions: readonly string[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => permissions.includes(section.permission));
}
