import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageText } from './message-text';

describe('MessageText', () => {
  it('renders links safely and markup as text', () => {
    const html = renderToStaticMarkup(<MessageText text={'hi <img src=x onerror=alert(1)> https://kora.ng/a 😀'} />);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://kora.ng/a" target="_blank" rel="noopener noreferrer nofollow ugc"');
    expect(html).toContain('😀');
    expect(html).not.toContain('<img');
  });
});
