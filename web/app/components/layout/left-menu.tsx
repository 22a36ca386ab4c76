import { shellTexts } from '@kora/contracts';
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { ChevronDownIcon, type LucideIcon } from 'lucide-react';
import { EXPLORE_MENU, MAIN_MENU, SETTINGS_ITEM, isGroup, isShown, type MenuEntry, type NavGroup, type NavItem } from './destinations';
import { cn } from '~/utils/misc';
import { useFeatures } from '~/utils/use-features';

const rowBase = 'group flex w-full items-center gap-3 rounded-lg px-2 py-1 text-[15px] font-medium transition-colors';

function IconTile({ icon: Icon, active, small }: { icon: LucideIcon; active: boolean; small?: boolean }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg transition-colors',
        small ? 'size-7' : 'size-8',
        active ? 'bg-brand-600 text-white' : 'bg-white text-brand-700 shadow-sm group-hover:bg-brand-50',
      )}
    >
      <Icon className={small ? 'size-4' : 'size-5'} />
    </span>
  );
}

function MenuLink({ item, small }: { item: NavItem; small?: boolean }) {
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      className={({ isActive }) => cn(rowBase, isActive ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:bg-slate-200/70')}
    >
      {({ isActive }) => (
        <>
          <IconTile icon={item.icon} active={isActive} small={small} />
          <span className="truncate">{item.label}</span>
        </>
      )}
    </NavLink>
  );
}

function MenuGroup({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const inside = pathname === group.prefix || pathname.startsWith(`${group.prefix}/`);
  const [open, setOpen] = useState(inside);
  const listId = useId();

  // Arriving on one of the group's pages (e.g. from a link elsewhere) reveals where you are.
  useEffect(() => {
    if (inside) setOpen(true);
  }, [inside]);

  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(rowBase, 'text-slate-700 hover:bg-slate-200/70')}
      >
        <IconTile icon={group.icon} active={false} />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <ChevronDownIcon className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!open} className="ml-6 mt-0.5 space-y-0.5 border-l border-slate-300 pl-3">
        {group.children.map((child) => (
          <li key={child.to}>
            <MenuLink item={child} small />
          </li>
        ))}
      </ul>
    </>
  );
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="px-2 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-slate-600">
      {children}
    </h2>
  );
}

/** The large-screen left menu (docs/product/navigation.md). */
export function LeftMenu({ className }: { className?: string }) {
  const features = useFeatures();
  const shown = (entry: MenuEntry) => isShown(entry, features);
  const main = MAIN_MENU.filter(shown);
  const explore = EXPLORE_MENU.filter(shown);
  // The menu stays below the top bar with its own scroll area and Settings pinned at its foot, so
  // Settings is on screen at 1280x800 however long the lists above it are.
  return (
    <aside className={cn('sticky top-14 h-[calc(100vh-3.5rem)] w-[296px] shrink-0 flex-col px-3 pb-3', className)}>
      <nav aria-label={shellTexts.mainMenu} className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 overflow-y-auto">
          <section aria-labelledby="menu-main">
            <SectionHeading id="menu-main">{shellTexts.sectionMain}</SectionHeading>
            <ul className="space-y-0.5">
              {main.map((entry) => (
                <li key={isGroup(entry) ? entry.prefix : entry.to}>
                  {isGroup(entry) ? <MenuGroup group={entry} /> : <MenuLink item={entry} />}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="menu-explore">
            <SectionHeading id="menu-explore">{shellTexts.sectionExplore}</SectionHeading>
            <ul className="space-y-0.5">
              {explore.map((item) => (
                <li key={item.to}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="shrink-0 border-t border-slate-300/70 pt-2">
          <MenuLink item={SETTINGS_ITEM} />
        </div>
      </nav>
    </aside>
  );
}
