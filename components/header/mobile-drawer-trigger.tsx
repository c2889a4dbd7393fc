import { Menu } from 'lucide-react';

import { MobileDrawerButton } from './mobile-drawer-button';

/** The mobile menu button; its icon is drawn here, on the server, so the first load carries no icon code (#18). */
export function MobileDrawerTrigger() {
  return <MobileDrawerButton icon={<Menu aria-hidden className="size-6" />} />;
}
