/** Shared looks of the dropdown menus (avatar menu, post menu) on Radix DropdownMenu. */
export const menuContentClasses = 'z-50 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-900/5 data-[state=open]:animate-fade-in';

export const menuItemClasses =
  'flex w-full cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[highlighted]:bg-slate-100 data-[disabled]:opacity-60';
