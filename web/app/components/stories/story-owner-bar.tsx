/**
 * The owner's controls under their own story: "Viewers" with the count, opening the list of who
 * viewed it (most recent first, more on request), and Delete behind "Delete this story?". The
 * story pauses while either is open (`onPanel`).
 */
import { type Story, storyScreenTexts, storyTexts, type StoryViewer } from '@kora/contracts';
import { useEffect, useState } from 'react';
import { Avatar } from '~/components/avatar';
import { TrashIcon, UsersIcon } from 'lucide-react';
import { useToast } from '~/components/ui/toast';
import { avatarSrc } from '~/utils/media';
import { loadStoryViewers, removeStory } from './stories-api';

type Panel = 'none' | 'viewers' | 'delete';

export function StoryOwnerBar({
  story,
  onPanel,
  onDeleted,
}: {
  story: Story;
  onPanel: (open: boolean) => void;
  onDeleted: (storyId: number) => void;
}) {
  const { toast } = useToast();
  const [panel, setPanel] = useState<Panel>('none');
  const [viewers, setViewers] = useState<StoryViewer[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Another story: panels close and its own viewers are loaded when asked.
  useEffect(() => {
    setPanel('none');
    setViewers([]);
    setNextCursor(null);
    setError(null);
  }, [story.id]);
  useEffect(() => onPanel(panel !== 'none'), [panel, onPanel]);

  async function loadViewers(cursor: string | null) {
    setBusy(true);
    const answer = await loadStoryViewers(story.id, cursor);
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setError(null);
    setViewers((current) => (cursor ? [...current, ...answer.data.viewers] : answer.data.viewers));
    setNextCursor(answer.data.nextCursor);
  }

  async function confirmDelete() {
    setBusy(true);
    const answer = await removeStory(story.id);
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    toast({ title: storyTexts.deleted, variant: 'success' });
    setPanel('none');
    onDeleted(story.id);
  }

  const count = story.viewCount ?? 0;
  return (
    <div className="absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/80 to-transparent px-3 pb-3 pt-8">
      {panel === 'viewers' ? (
        <section aria-label={storyTexts.viewers} className="mb-2 max-h-[45dvh] overflow-y-auto rounded-lg bg-white p-3 text-slate-900">
          <h3 className="text-sm font-semibold">
            {storyTexts.viewers} ({count})
          </h3>
          {viewers.length === 0 && !busy && !error ? <p className="mt-2 text-sm text-slate-600">{storyTexts.noViewers}</p> : null}
          <ul className="mt-2 space-y-2">
            {viewers.map((viewer) => (
              <li key={viewer.userId} className="flex items-center gap-2 text-sm">
                <Avatar name={viewer.name} src={avatarSrc(viewer.avatar)} className="size-8" />
                <span className="truncate">{viewer.name}</span>
              </li>
            ))}
          </ul>
          {nextCursor ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void loadViewers(nextCursor)}
              className="mt-2 text-sm font-semibold text-brand-700"
            >
              {storyScreenTexts.loadMore}
            </button>
          ) : null}
        </section>
      ) : null}
      {panel === 'delete' ? (
        <div role="alertdialog" aria-label={storyTexts.deleteConfirm} className="mb-2 rounded-lg bg-white p-3 text-slate-900">
          <p className="text-sm font-semibold">{storyTexts.deleteConfirm}</p>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" onClick={() => setPanel('none')} className="h-9 rounded-lg bg-slate-100 px-3 text-sm font-semibold">
              {storyScreenTexts.cancel}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirmDelete()}
              className="h-9 rounded-lg bg-red-600 px-3 text-sm font-semibold text-white disabled:opacity-60"
            >
              {busy ? storyScreenTexts.deleting : storyScreenTexts.delete}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mb-2 rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-expanded={panel === 'viewers'}
          onClick={() => {
            const opening = panel !== 'viewers';
            setPanel(opening ? 'viewers' : 'none');
            if (opening) void loadViewers(null);
          }}
          className="inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-paper/15"
        >
          <UsersIcon className="size-4" />
          {storyTexts.viewers} {count}
        </button>
        <button
          type="button"
          aria-label={storyScreenTexts.deleteStory}
          onClick={() => setPanel(panel === 'delete' ? 'none' : 'delete')}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-paper/15"
        >
          <TrashIcon className="size-5" />
        </button>
      </div>
    </div>
  );
}
