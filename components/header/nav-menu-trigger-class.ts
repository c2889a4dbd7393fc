/** The header menus' button, the same before and after their dropdown code loads. */
export const navMenuTriggerClass =
  'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-navy-foreground/90 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white/40 focus-visible:outline-none data-[state=open]:bg-white/10';
