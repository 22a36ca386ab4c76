// The files `npm test -- --changed[=<ref>]` looks at: what differs between <ref> and the working
// tree (committed since, staged or not), and new files git does not ignore. Deleted files are left
// out: there is nothing of them to lint.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const git = (root, args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

export function changedFiles(root, ref = 'HEAD') {
  const files = new Set([...git(root, ['diff', '--name-only', ref, '--']), ...git(root, ['ls-files', '--others', '--exclude-standard'])]);
  return [...files].filter((file) => fs.existsSync(path.join(root, file))).sort();
}
