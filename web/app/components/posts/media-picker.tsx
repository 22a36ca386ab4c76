/**
 * A Photo or Video button of the composer: a label around a visually hidden file input, so it is
 * reachable by keyboard and named by its text. The input is emptied after each pick so the same
 * file can be chosen again after removing it.
 */
import type { LucideIcon } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/utils/misc';

export function MediaPicker({
  label,
  accept,
  icon: Icon,
  disabled,
  onPick,
}: {
  label: string;
  accept: string;
  icon: LucideIcon;
  disabled: boolean;
  onPick: (files: File[]) => void;
}) {
  return (
    <label
      className={cn(
        buttonClasses('ghost', 'sm'),
        'cursor-pointer focus-within:ring-2 focus-within:ring-brand-500',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <Icon className="text-brand-600" />
      {label}
      <input
        type="file"
        accept={accept}
        multiple
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </label>
  );
}
