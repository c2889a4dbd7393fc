import { Bell } from 'lucide-react';

import { NotificationBellArea } from './notification-bell-area';

/** The header's notifications bell; its icon is drawn here, on the server, so the first load carries no icon code (#18). */
export function NotificationBell({ className }: { className?: string }) {
  return <NotificationBellArea icon={<Bell aria-hidden className="size-5" />} className={className} />;
}
