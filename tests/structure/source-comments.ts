/**
 * The comments of the repository's source files and the prose of its Markdown, and the citations
 * in them of documents a newcomer who clones the repository does not have (decision 030). Comments
 * are found by TypeScript's own parser, so a `//` inside a string, a regular expression or a
 * template is never taken for one; SQL's `-- ` comments inside a template are read as comments.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './import-graph';

/** The source files whose comments are read, by ending. */
export const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

export interface TextPiece {
  /** 1-based line of the piece's first character. */
  line: number;
  text: string;
}

export interface Citation {
  /** `path:line`, the path relative to the repository. */
  where: string;
  /** What was cited, as written. */
  cited: string;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The pieces of a template's own text, between its substitutions. */
const TEMPLATE_TEXT = new Set([
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** A SQL line comment: `--` and a space, at a line's start or after a space, to the line's end. */
const SQL_COMMENT = /(^|[ \t])(-- [^\n]*)/gm;

/** Every comment of one source file, SQL comments in its templates included, in order, each once. */
export function commentsOf(fileName: string, text: string): TextPiece[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found = new Map<number, TextPiece>();
  const keep = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (found.has(range.pos)) continue;
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      found.set(range.pos, { line, text: text.slice(range.pos, range.end) });
    }
  };
  // SQL written in a template carries its own comments (`-- why`), which are the code's comments too.
  const keepSql = (node: ts.Node) => {
    const start = node.getStart(source);
    for (const match of text.slice(start, node.end).matchAll(SQL_COMMENT)) {
      const [, before = '', comment = ''] = match;
      const pos = start + match.index + before.length;
      const line = source.getLineAndCharacterOfPosition(pos).line + 1;
      found.set(pos, { line, text: comment });
    }
  };
  // Every token, punctuation included (getChildren), so a comment before a `}` or at the end of
  // the file is found too.
  const visit = (node: ts.Node) => {
    keep(ts.getLeadingCommentRanges(text, node.pos));
    keep(ts.getTrailingCommentRanges(text, node.end));
    if (TEMPLATE_TEXT.has(node.kind)) keepSql(node);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** The prose of a Markdown file, one piece per line: fenced code blocks left out. */
export function proseOf(markdown: string): TextPiece[] {
  let fenced = false;
  return markdown.split('\n').flatMap((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: index + 1, text }];
  });
}

/**
 * Citations of documents outside the repository: a section sign (`§`: the owner's first description
 * of the product was cited by section; a standard is cited as "RFC 9110, section 7.6.1"), the word
 * for that description itself (`spec`, `specification`: its rules are in docs/product), and a
 * numbered issue of the project's tracker (`issue 16`, `issues 10–17`). Code in backticks is code,
 * not a citation, so a value named `spec` may be written so.
 */
const CITATIONS: RegExp[] = [/[^\n]{0,20}§[^\n]{0,10}/g, /\bspec(?:ification)?s?\b/gi, /\bissues?\s+#?\d+/gi];

/** What one comment or line of prose cites that a newcomer cannot open, and where in it. */
export function citationsIn(text: string): { offset: number; cited: string }[] {
  // Code spans blanked out in place, so offsets still count from the text as written.
  const prose = text.replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
  return CITATIONS.flatMap((pattern) =>
    [...prose.matchAll(pattern)].map((match) => ({
      offset: match.index,
      cited: text.slice(match.index, match.index + match[0].length).trim(),
    })),
  ).sort((a, b) => a.offset - b.offset);
}

/** The files git tracks under `pathspecs` (git's own syntax, relative to the repository). */
export function trackedFiles(pathspecs: string[]): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...pathspecs], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((file) => file !== '');
}

/** Every citation in the comments of the source files and the prose of the Markdown among `files`. */
export function citationsInFiles(files: string[]): Citation[] {
  return files.flatMap((file) => {
    const full = path.join(ROOT, file);
    // A file deleted in the working tree but still in git's index has nothing to read.
    if (!fs.existsSync(full)) return [];
    const text = fs.readFileSync(full, 'utf8');
    const pieces = SOURCE_FILE.test(file) ? commentsOf(file, text) : file.endsWith('.md') ? proseOf(text) : [];
    return pieces.flatMap((piece) =>
      citationsIn(piece.text).map(({ offset, cited }) => {
        const linesBefore = piece.text.slice(0, offset).split('\n').length - 1;
        return { where: `${file}:${piece.line + linesBefore}`, cited };
      }),
    );
  });
}
