/**
 * The post's "…" menu (Radix DropdownMenu): Save Post / Unsave Post for everyone, Report on other
 * members' posts (decision 024; the report dialog) Mute of their author (decision 037) and Block (decision 036), Delete post for the author only
 * (docs/product/posts-and-feed.md), behind a confirmation; Boost post on the member's own posts
 * while they have an active Pro package (decision 023; asked when the menu is about to open). The
 * fetchers live here, outside the menu's content, so an answer still arrives after the menu has
 * closed.
 */
import { perkTexts, postScreenTexts as texts, postTexts, type Post } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { useRef, useState } from 'react';
import { BookmarkIcon, FlagIcon, EllipsisIcon, RocketIcon, TrashIcon } from 'lucide-react';
import { MuteMenuItem } from '~/components/safety/mute-menu-item';
import { useMuteMember } from '~/components/safety/use-mute-member';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { useToast } from '~/components/ui/toast';
import { useActivePlan } from '~/utils/active-plan';
import { dateFormat } from '~/utils/dates';
import { cn } from '~/utils/misc';
import type { PostEvent } from './post-state';
import { BlockMenuItem } from '~/components/safety/block-menu-item';
import { useUnsaveHere } from './unsave-here';
import { usePostAction } from './use-post-action';

const DeletePostDialog = lazyComponent(() => import('./delete-post-dialog').then((m) => m.DeletePostDialog));
const ReportDialog = lazyComponent(() => import('./report-dialog').then((m) => m.ReportDialog));
const BlockDialog = lazyComponent(() => import('~/components/safety/block-dialog').then((m) => m.BlockDialog));

export function PostMenu({
  post,
  isAuthor,
  ownPost = false,
  canReport = false,
  dispatch,
  onDeleted,
}: {
  post: Post;
  isAuthor: boolean;
  /** The signed-in member wrote it (a moderator's isAuthor is not enough to boost it). */
  ownPost?: boolean;
  /** A signed-in member who did not write it may report it (decision 024). */
  canReport?: boolean;
  dispatch: (event: PostEvent) => void;
  onDeleted?: (postId: number) => void;
}) {
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const save = usePostAction(post.id, 'save', () => {
    dispatch({ type: 'saved', saved: true });
    toast({ title: postTexts.saved, variant: 'success' });
  });
  const unsave = usePostAction(post.id, 'unsave', () => {
    dispatch({ type: 'saved', saved: false });
    toast({ title: postTexts.unsaved, variant: 'success' });
  });
  const remove = usePostAction(
    post.id,
    'delete',
    () => {
      setConfirming(false);
      toast({ title: postTexts.deleted, variant: 'success' });
      onDeleted?.(post.id);
    },
    setDeleteError,
  );
  const saving = save.busy || unsave.busy;
  const unsaveHere = useUnsaveHere();
  const [wanted, setWanted] = useState(false);
  const canBoost = useActivePlan(ownPost && wanted);
  const boost = usePostAction(post.id, 'boost', (answer) => {
    const until = dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(answer.boostedUntil));
    toast({
      title: texts.postBoosted,
      description: texts.boostedUntil(perkTexts.sponsored, until, answer.boostsLeft),
      variant: 'success',
    });
  });
  const askPlan = () => setWanted(true);
  const mute = useMuteMember(post.author.id);

  return (
    <>
      <DropdownMenu.Root modal={false} onOpenChange={(open) => open && askPlan()}>
        <DropdownMenu.Trigger
          ref={trigger}
          onPointerEnter={askPlan}
          onFocus={askPlan}
          aria-label={texts.postOptions}
          className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        >
          <EllipsisIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClasses, 'w-52')}>
            <DropdownMenu.Item
              className={menuItemClasses}
              disabled={saving}
              onSelect={() => (!post.hasSaved ? save.submit() : unsaveHere ? unsaveHere(post.id) : unsave.submit())}
            >
              <BookmarkIcon className={cn('text-slate-600', post.hasSaved && 'fill-current')} />
              {post.hasSaved ? texts.unsavePost : texts.savePost}
            </DropdownMenu.Item>
            {canBoost ? (
              <DropdownMenu.Item className={menuItemClasses} disabled={boost.busy} onSelect={() => boost.submit()}>
                <RocketIcon className="text-slate-600" />
                {texts.boostPost}
              </DropdownMenu.Item>
            ) : null}
            {canReport ? <MuteMenuItem mute={mute} /> : null}
            {canReport ? (
              <DropdownMenu.Item className={menuItemClasses} onSelect={() => setReporting(true)}>
                <FlagIcon className="text-slate-600" />
                {texts.report}
              </DropdownMenu.Item>
            ) : null}
            {canReport ? <BlockMenuItem onSelect={() => setBlocking(true)} /> : null}
            {isAuthor ? (
              <DropdownMenu.Item
                className={cn(menuItemClasses, 'text-red-700')}
                onSelect={() => {
                  setDeleteError(null);
                  setConfirming(true);
                }}
              >
                <TrashIcon />
                {texts.deletePost}
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {isAuthor ? (
        <OnceOpened open={confirming}>
          <DeletePostDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={remove.busy}
            error={deleteError}
            onConfirm={() => remove.submit()}
          />
        </OnceOpened>
      ) : null}
      {canReport ? (
        <OnceOpened open={reporting}>
          <ReportDialog open={reporting} onOpenChange={setReporting} target="post" id={post.id} returnFocusTo={trigger} />
        </OnceOpened>
      ) : null}
      {canReport ? (
        <OnceOpened open={blocking}>
          <BlockDialog target={{ userId: post.author.id, name: post.author.name }} open={blocking} onOpenChange={setBlocking} />
        </OnceOpened>
      ) : null}
    </>
  );
}
