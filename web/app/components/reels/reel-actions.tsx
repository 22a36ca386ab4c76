/**
 * A reel's like, comment and share buttons with their counts (docs/product/stories-and-reels.md):
 * like toggles with the server's answer; comment opens the comments panel; share hands the reel's
 * link to the system's share sheet where there is one, else copies it ("Link copied"), and records
 * the share.
 */
import { reelTexts, type Reel } from '@kora/contracts';
import { useState } from 'react';
import { HeartIcon, MessageCircleIcon, Share2Icon } from 'lucide-react';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/utils/misc';
import { withLike } from './reel-feed-state';
import { recordShare, toggleLike } from './reels-api';

/** Copies text; the old way when the clipboard API is missing or refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

function ActionButton({
  label,
  count,
  pressed,
  onClick,
  children,
  disabled,
}: {
  label: string;
  count: number;
  pressed?: boolean;
  onClick: () => void;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    // The name comes from the content, one hidden text "Like (3)" (split over several spans Chromium
    // names it "Like ( 3 )"); no aria-label beside the visible number, which axe's
    // label-content-name-mismatch failed.
    <button
      type="button"
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      disabled={disabled}
      onClick={onClick}
      className="flex flex-col items-center gap-0.5 text-white drop-shadow disabled:opacity-60"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-black/35 hover:bg-black/50" aria-hidden>
        {children}
      </span>
      <span className="sr-only">{`${label} (${count})`}</span>
      <span className="text-xs font-semibold" aria-hidden>
        {count}
      </span>
    </button>
  );
}

export function ReelActions({ reel, onReel, onComments }: { reel: Reel; onReel: (reel: Reel) => void; onComments: () => void }) {
  const { toast } = useToast();
  const [liking, setLiking] = useState(false);
  const ready = reel.state === 'ready';

  async function like() {
    setLiking(true);
    const answer = await toggleLike(reel.id);
    setLiking(false);
    if (answer.ok) onReel(withLike(reel, answer.data));
    else toast({ title: answer.error, variant: 'error' });
  }

  async function share() {
    const link = new URL(`/reels/${reel.id}`, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url: link, title: reel.caption || reelTexts.title });
      } catch {
        return; // Dismissed: nothing was shared.
      }
    } else if (await copyText(link)) {
      toast({ title: reelTexts.linkCopied, variant: 'success' });
    }
    const answer = await recordShare(reel.id);
    if (answer.ok) onReel({ ...reel, shareCount: answer.data.shareCount });
    else toast({ title: answer.error, variant: 'error' });
  }

  return (
    <div className="flex flex-col items-center gap-4">
      <ActionButton
        label={reel.hasLiked ? reelTexts.unlike : reelTexts.like}
        count={reel.likeCount}
        pressed={reel.hasLiked}
        onClick={() => void like()}
        disabled={liking || !ready}
      >
        <HeartIcon className={cn('size-6', reel.hasLiked && 'fill-rose-500 text-rose-500')} />
      </ActionButton>
      <ActionButton label={reelTexts.comment} count={reel.commentCount} onClick={onComments} disabled={!ready}>
        <MessageCircleIcon className="size-6" />
      </ActionButton>
      <ActionButton label={reelTexts.share} count={reel.shareCount} onClick={() => void share()} disabled={!ready}>
        <Share2Icon className="size-6" />
      </ActionButton>
    </div>
  );
}
