import { linkify } from '~/utils/linkify';

/**
 * Plain text with its http(s) addresses as links (mails in the dev mailbox, posts, comments).
 * Links in what members wrote open in a new tab and carry no referrer or ranking credit.
 */
export function LinkifiedText({ text, memberContent = false }: { text: string; memberContent?: boolean }) {
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
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  );
}
