/**
 * Previews of the photos and videos chosen in the composer, each removable on its own; photos in
 * 2–4 columns and videos in 1–2 by how many there are (docs/product/posts-and-feed.md).
 */
import { postScreenTexts as texts } from '@kora/contracts';
import { XIcon } from 'lucide-react';
import { cn } from '~/utils/misc';
import type { ChosenMedia } from './composer-media';
import { GRID_COLUMNS, previewColumns } from './media-grid';

export function MediaPreviews({ media, disabled, onRemove }: { media: ChosenMedia[]; disabled: boolean; onRemove: (id: string) => void }) {
  return (
    <>
      {(['image', 'video'] as const).map((kind) => {
        const items = media.filter((item) => item.kind === kind);
        if (items.length === 0) return null;
        return (
          <ul
            key={kind}
            aria-label={kind === 'image' ? texts.chosenPhotos : texts.chosenVideos}
            className={cn('mt-3 grid gap-2', GRID_COLUMNS[previewColumns(kind, items.length)])}
          >
            {items.map((item, index) => {
              const chosen = kind === 'image' ? texts.chosenPhoto(index + 1) : texts.chosenVideo(index + 1);
              const remove = kind === 'image' ? texts.removePhoto(index + 1) : texts.removeVideo(index + 1);
              return (
                <li key={item.id} className="relative overflow-hidden rounded-lg bg-slate-100">
                  {kind === 'image' ? (
                    <img src={item.previewUrl} alt={chosen} className="aspect-square w-full object-cover" />
                  ) : (
                    <video
                      src={item.previewUrl}
                      muted
                      preload="metadata"
                      aria-label={chosen}
                      className="aspect-video w-full bg-black object-cover"
                    />
                  )}
                  <button
                    type="button"
                    onClick={() => onRemove(item.id)}
                    disabled={disabled}
                    aria-label={remove}
                    className="absolute right-1.5 top-1.5 inline-flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 disabled:opacity-50"
                  >
                    <XIcon className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        );
      })}
    </>
  );
}
