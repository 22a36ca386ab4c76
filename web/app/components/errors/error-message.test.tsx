import { UNSAFE_ErrorResponseImpl as ErrorResponse } from '@remix-run/router';
import { errorTexts } from '@kora/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from './general-error-boundary';

describe('ErrorMessage', () => {
  it('shows the words a page passed on with its status, and the general ones otherwise', () => {
    const busy = renderToStaticMarkup(
      <ErrorMessage error={new ErrorResponse(429, '', 'Too many requests. Please wait a moment and try again.')} />,
    );
    expect(busy).toContain('Too many requests. Please wait a moment and try again.');
    expect(busy).not.toContain(errorTexts.unexpectedBody);

    expect(renderToStaticMarkup(<ErrorMessage error={new Error('unexpected')} />)).toContain(errorTexts.unexpectedBody);
  });
});
