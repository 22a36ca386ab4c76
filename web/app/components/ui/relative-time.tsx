/** When something happened, relative to `now` ("5m ago"), with the full date and time as its tooltip unless `title` is false. */
import { formatDateTime, timeAgo } from '~/utils/dates';

export function RelativeTime({ value, now, title = true, className }: { value: string; now: number; title?: boolean; className?: string }) {
  return (
    <time dateTime={value} title={title ? formatDateTime(value) : undefined} className={className}>
      {timeAgo(value, now)}
    </time>
  );
}
