/**
 * The admin tables' shared filter pieces: the select look, and the page-size select (10, 20, 50,
 * 100 per page; docs/product/admin.md) that applies at once when scripts run by submitting its own
 * GET form (which carries no page field, so a new size starts at page 1, docs/product/admin.md).
 */
import { ADMIN_PAGE_SIZES, adminScreenTexts as t } from '@kora/contracts';
import { useSubmit } from '@remix-run/react';
import { inputClasses } from '~/components/ui/input';
import { cn } from '~/utils/misc';

export const adminSelectClasses = cn(inputClasses, 'w-auto pr-8');

/** `visibleLabel`: the label above the select (filter rows); otherwise for screen readers only. */
export function PageSizeField({ limit, visibleLabel = true }: { limit: number; visibleLabel?: boolean }) {
  const submit = useSubmit();
  return (
    <label className={visibleLabel ? 'space-y-1' : undefined}>
      <span className={visibleLabel ? 'block text-xs font-medium text-slate-600' : 'sr-only'}>{t.pageSize}</span>
      <select
        name="limit"
        defaultValue={String(limit)}
        className={adminSelectClasses}
        onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {ADMIN_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {t.perPage(size)}
          </option>
        ))}
      </select>
    </label>
  );
}
