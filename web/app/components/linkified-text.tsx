import { hashtagPath, type PostMention } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { memberTextParts } from '~/utils/member-text';

const NO_MENTIONS: PostMention[] = [];

/**
 * Plain text with its http(s) addresses as links (mails in the dev mailbox, posts, comments), and
 * in posts and comments the `@names` of their approved mentions as links to those members'
 * profiles and each `#tag` as a link to its page (decision 025). Links in what members wrote open
 * in a new tab and carry no referrer or ranking credit. Everything is React text and attributes,
 * never HTML: a hostile text shows as written.
 */
export function LinkifiedText({
  text,
  memberContent = false,
  mentions = NO_MENTIONS,
}: {
  text: string;
  memberContent?: boolean;
  mentions?: PostMention[];
}) {
  return (
    <>
      {memberTextParts(text, { mentions, hashtags: memberContent }).map((part, index) => {
        switch (part.type) {
          case 'link':
            return (
              <a
                key={index}
                href={part.value}
                className="break-all font-medium text-brand-700 underline"
                {...(memberContent ? { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } : {})}
              >
                {part.value}
              </a>
            );
          case 'mention':
            // The plain id, like the author's and commenters' links: /profile/{id} takes both forms (decision 005).
            return (
              <Link key={index} to={`/profile/${part.userId}`} className="font-semibold text-brand-700 hover:underline">
                {part.value}
              </Link>
            );
          case 'hashtag':
            return (
              <Link key={index} to={hashtagPath(part.tag)} className="font-semibold text-brand-700 hover:underline">
                {part.value}
              </Link>
            );
          default:
            return <span key={index}>{part.value}</span>;
        }
      })}
    </>
  );
}
