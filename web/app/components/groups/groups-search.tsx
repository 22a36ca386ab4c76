/**
 * The Groups page's search box (docs/product/groups.md): the text is URL state (`?q=`), sent as the
 * member types after a short pause, so the list starts again from cursor 0 for the new text (the
 * loader's query). Without JavaScript the form submits on Enter with the same parameters.
 */
import { groupLimits, groupTexts, type GroupTab } from '@kora/contracts';
import { Form, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from 'lucide-react';
import { inputClasses } from '~/components/ui/input';
import { cn } from '~/utils/misc';

const TYPING_PAUSE_MS = 300;

export function GroupsSearch({ tab, q }: { tab: GroupTab; q: string }) {
  const submit = useSubmit();
  const [text, setText] = useState(q);
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Back/forward or a tab link changes the URL's text: the box follows it.
  useEffect(() => setText(q), [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, TYPING_PAUSE_MS);
  }

  return (
    <Form ref={form} method="get" role="search" className="relative">
      <input type="hidden" name="tab" value={tab} />
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        maxLength={groupLimits.maxQueryLength}
        placeholder={groupTexts.searchPlaceholder}
        aria-label={groupTexts.searchPlaceholder}
        className={cn(inputClasses, 'pl-10')}
      />
    </Form>
  );
}
