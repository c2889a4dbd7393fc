'use client';

import { Menu } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { loadOnUse } from '@/components/chrome/load-on-use';
import { useLazyDialog } from '@/components/chrome/use-lazy-dialog';
import { Button } from '@/components/ui/button';

const loadDrawer = () => import('./mobile-drawer');
const MobileDrawer = loadOnUse(() => loadDrawer().then((module) => module.MobileDrawer), { browserOnly: true });

/** The mobile menu button; its drawer (search, menus, account actions) loads when first opened. */
export function MobileDrawerTrigger() {
  const { open, setOpen, mounted, triggerProps } = useLazyDialog(loadDrawer);
  return (
    <>
      <Button variant="navyGhost" size="icon" className="lg:hidden" aria-label="Open menu" {...triggerProps}>
        <Icon node={Menu} className="size-6" />
      </Button>
      {mounted ? <MobileDrawer open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
