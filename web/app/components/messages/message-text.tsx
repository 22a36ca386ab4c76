/**
 * A message's text with its http(s) addresses as links (utils/linkify.ts). Everything is React
 * text and attributes, never HTML, so a hostile message shows as written; links open in a new tab
 * without the page's opener, referrer or ranking credit. Line breaks and emoji stay as typed.
 */
import { linkify } from '~/utils/linkify';

export function MessageText({ text }: { text: string }) {
  return (
    <span className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
      {linkify(text).map((part, index) =>
        part.type === 'link' ? (
          <a key={index} href={part.value} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium underline">
            {part.value}
          </a>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </span>
  );
}
