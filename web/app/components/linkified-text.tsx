import type { PostMention } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { mentionParts } from '~/components/posts/mention-parts';
import { linkify } from '~/utils/linkify';

const NO_MENTIONS: PostMention[] = [];

/**
 * Plain text with its http(s) addresses as links (mails in the dev mailbox, posts, comments), and
 * in posts and comments the `@names` of their approved mentions as links to those members'
 * profiles. Links in what members wrote open in a new tab and carry no referrer or ranking credit.
 * Everything is React text and attributes, never HTML: a hostile text shows as written.
 */
export function LinkifiedText({ text, memberContent = false, mentions = NO_MENTIONS }: { text: string; memberContent?: boolean; mentions?: PostMention[] }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.type === 'link' ? (
          <a
            key={index}
            href={part.value}
            className="break-all font-medium text-brand-700 underline"
            {...(memberContent ? { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } : {})}
          >
            {part.value}
          </a>
        ) : (
          <span key={index}>
            {mentionParts(part.value, mentions).map((piece, i) =>
              piece.type === 'mention' ? (
                // The plain id, like the author's and commenters' links: /profile/{id} takes both forms (decision 005).
                <Link key={i} to={`/profile/${piece.userId}`} className="font-semibold text-brand-700 hover:underline">
                  {piece.value}
                </Link>
              ) : (
                piece.value
              ),
            )}
          </span>
        ),
      )}
    </>
  );
}
