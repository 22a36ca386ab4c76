/**
 * The "Share Post" modal (docs/product/posts-and-feed.md): a comment box, Cancel and Share; Share
 * stays disabled while the text is blank (docs/product/posts-and-feed.md). As the product rules
 * say, the text itself is not sent: a share is a count and a "you shared this" state.
 */
import { postScreenTexts as texts } from '@kora/contracts';
import { useId, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';
import { inputClasses } from '~/components/ui/input';
import { hasText } from '~/schemas/post-rules';
import { cn } from '~/utils/misc';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  error: string | null;
  onShare: () => void;
}

export function ShareDialog({ open, onOpenChange, busy, error, onShare }: ShareDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={texts.sharePost}>
      {/* Mounted only while open: every opening starts with an empty comment box. */}
      <ShareForm busy={busy} error={error} onShare={onShare} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function ShareForm({ busy, error, onShare, onCancel }: Omit<ShareDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const [text, setText] = useState('');
  const textId = useId();
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (hasText(text) && !busy) onShare();
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={textId} className="block text-sm font-medium text-slate-700">
          {texts.comment}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          placeholder={texts.sharePlaceholder}
          className={cn(inputClasses, 'h-auto min-h-24 resize-y py-2')}
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <DialogActions busy={busy} onCancel={onCancel} submitLabel={texts.share} busyLabel={texts.sharing} disabled={!hasText(text)} />
    </form>
  );
}
