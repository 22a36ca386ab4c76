import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedFiles } from './changed-files.mjs';

describe('changedFiles', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-changed-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root });
  const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('lists what differs from the ref (committed since, staged or not) and new files, never ignored or deleted ones', () => {
    git('init', '-q');
    write('.gitignore', 'ignored.ts\n');
    write('a.ts', '1');
    write('b.ts', '1');
    write('c.ts', '1');
    git('add', '.');
    git('commit', '-qm', 'base');
    git('tag', 'base');
    write('a.ts', '2');
    git('commit', '-qam', 'a changed');
    write('b.ts', '2');
    git('add', 'b.ts');
    fs.rmSync(path.join(root, 'c.ts'));
    write('new.ts', '1');
    write('ignored.ts', '1');
    expect(changedFiles(root, 'base')).toEqual(['a.ts', 'b.ts', 'new.ts']);
    expect(changedFiles(root)).toEqual(['b.ts', 'new.ts']);
  });
});
