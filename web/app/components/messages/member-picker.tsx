/**
 * Members chosen through the member search (GET /resources/users/search): the New message dialog
 * and a group's Add members. Chosen members show as chips, each with Remove; `exclude` are not
 * offered (the member, members already in the group).
 */
import { messageTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { XIcon } from 'lucide-react';
import { Avatar } from '~/components/avatar';
import { userSearchUrl, type UserSearchData, type UserSearchItem } from '~/components/friends/types';
import { Alert } from '~/components/ui/alert';
import { Input } from '~/components/ui/input';
import { avatarSrc } from '~/utils/media';

const SEARCH_WAIT_MS = 250;

export function MemberPicker({
  chosen,
  onChange,
  exclude,
  max,
}: {
  chosen: UserSearchItem[];
  onChange: (chosen: UserSearchItem[]) => void;
  exclude: ReadonlySet<number>;
  /** The most that may be chosen. */
  max: number;
}) {
  const search = useFetcher<UserSearchData>();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const { load } = search;

  useEffect(() => {
    const text = query.trim();
    if (!text) return;
    const timer = setTimeout(() => load(userSearchUrl(text)), SEARCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [query, load]);

  const full = chosen.length >= max;
  const results = search.data?.ok && query.trim() ? search.data.users.filter((user) => !exclude.has(user.id)) : [];

  function choose(user: UserSearchItem) {
    if (full || chosen.some((known) => known.id === user.id)) return;
    onChange([...chosen, user]);
    setQuery('');
  }

  return (
    <div className="space-y-3">
      {chosen.length > 0 ? (
        <ul aria-label={messageTexts.members} className="flex flex-wrap gap-2">
          {chosen.map((user) => (
            <li
              key={user.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-800"
            >
              {user.name}
              <button
                type="button"
                aria-label={messageTexts.unchooseMember(user.name)}
                onClick={() => onChange(chosen.filter((known) => known.id !== user.id))}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
              >
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? <Alert>{messageTexts.tooManyMembers}</Alert> : null}
      <div>
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
          {messageTexts.searchMembers}
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          disabled={full}
        />
      </div>
      {search.data && !search.data.ok ? <Alert>{search.data.error}</Alert> : null}
      {query.trim() && search.data?.ok && results.length === 0 && search.state === 'idle' ? (
        <p className="text-sm text-slate-600">{messageTexts.noMembersFound}</p>
      ) : null}
      {results.length > 0 ? (
        <ul aria-label={messageTexts.searchMembers} className="max-h-60 space-y-1 overflow-y-auto">
          {results.map((user) => {
            const picked = chosen.some((known) => known.id === user.id);
            return (
              <li key={user.id}>
                <button
                  type="button"
                  aria-label={messageTexts.chooseMember(user.name)}
                  disabled={picked || full}
                  onClick={() => choose(user)}
                  className="flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 disabled:opacity-60"
                >
                  <Avatar name={user.name} src={avatarSrc(user.profileImage)} className="size-9 text-sm" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{user.name}</span>
                    <span className="block truncate text-sm text-slate-600">@{user.user_name}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
