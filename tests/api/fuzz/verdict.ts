/**
 * What every answer to a fuzzed request must be (decision 026): below 500; a 4xx in the one error
 * shape `{ error, message, code }` (shared/platform/src/http/error-handler.ts, gateway/src/answer.ts)
 * with `message` the same text as `error`; no stack trace or server path in any body; and a write
 * built to be invalid refused.
 */
import type { Answer } from './send.js';

/** Traces of the server's insides: a V8 stack frame, the checkout's folder, a module or source path. */
const LEAKS: [RegExp, string][] = [
  [/\bat [^\n()]{1,200} \((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)/, 'a stack frame'],
  [/\bat (?:file:\/\/|\/)[^\s]+:\d+:\d+/, 'a stack frame'],
  [/\/work\//, 'a server path (/work/)'],
  [/node_modules/, 'a server path (node_modules)'],
  [/\.ts:\d/, 'a source file (.ts:)'],
];

const isText = (contentType: string) => contentType === '' || /json|text|html|xml|javascript/.test(contentType);

/**
 * Paths outside /api, /uploads and /ws belong to the web app (a bent path often lands there): its
 * 404 is a page for people, not the API's error shape.
 */
const isWebPage = (path: string, answer: Answer) => !/^\/(api|uploads|ws)(\/|\?|$)/.test(path) && answer.contentType.includes('text/html');

export function problemsWith(answer: Answer, mustRefuse: boolean, path: string): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (mustRefuse && answer.status < 400) problems.push(`accepted (${answer.status}) a write built to be invalid`);
  if (isText(answer.contentType)) {
    for (const [pattern, what] of LEAKS) if (pattern.test(answer.text)) problems.push(`body shows ${what}`);
  }
  if (answer.status >= 400 && !isWebPage(path, answer)) problems.push(...errorShapeProblems(answer));
  return problems;
}

function errorShapeProblems(answer: Answer): string[] {
  if (!answer.contentType.includes('application/json'))
    return [`a ${answer.status} that is not JSON (${answer.contentType || 'no content type'})`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`a ${answer.status} whose JSON does not parse`];
  }
  const b = body as { error?: unknown; message?: unknown; code?: unknown };
  const problems: string[] = [];
  if (typeof b.error !== 'string' || b.error === '') problems.push('no `error` text');
  if (typeof b.code !== 'string' || b.code === '') problems.push('no `code`');
  if (b.message !== b.error) problems.push('`message` is not the same text as `error`');
  return problems;
}
