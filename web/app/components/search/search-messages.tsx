/** What /search says instead of results: the prompt before any words, and "no results". */
import { searchTexts } from '@kora/contracts';
import { SearchIcon } from 'lucide-react';
import { EmptyState } from '~/components/ui/empty-state';

export function SearchPrompt() {
  return <EmptyState icon={SearchIcon} title={searchTexts.promptTitle} hint={searchTexts.promptBody} titleAs="h2" />;
}

export function NoResults({ q }: { q: string }) {
  return <EmptyState icon={SearchIcon} title={searchTexts.noResults(q)} hint={searchTexts.noResultsHint} />;
}
