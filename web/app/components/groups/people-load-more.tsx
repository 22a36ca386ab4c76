import { groupScreenTexts, groupTexts } from '@kora/contracts';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';

/** "Load more" under a list of members or requests while it has more. */
export function PeopleLoadMore({
  nextCursor,
  loading,
  error,
  onLoad,
}: {
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
  onLoad: () => void;
}) {
  if (nextCursor === null) return null;
  return (
    <div className="flex flex-col items-center gap-3 border-t border-slate-100 p-3">
      {error ? <Alert className="w-full">{error}</Alert> : null}
      {loading ? (
        <Spinner label={groupScreenTexts.loadingMore} />
      ) : (
        <Button variant="secondary" onClick={onLoad}>
          {groupTexts.loadMore}
        </Button>
      )}
    </div>
  );
}
