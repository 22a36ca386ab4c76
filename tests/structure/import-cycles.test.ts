import { describe, expect, it } from 'vitest';
import { readImportGraph } from './import-graph';

// A whole-repository read takes 5-30 s, depending on how busy the machine is.
const TIMEOUT_MS = 180_000;

describe('imports', () => {
  it(
    'form no circle across gateway, services, shared and web',
    async () => {
      const graph = await readImportGraph(['gateway', 'services', 'shared', 'web']);
      expect(graph.modules).toBeGreaterThan(400);
      // Every local import is followed, so no circle hides behind an alias the check cannot read.
      expect(graph.unresolved).toEqual([]);
      expect(graph.cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it('are seen to circle, type-only imports included', async () => {
    const graph = await readImportGraph(['tests/structure/fixtures/cycle']);
    expect(graph.unresolved).toEqual([]);
    expect(graph.cycles.map((cycle) => [...cycle].sort())).toContainEqual([
      'tests/structure/fixtures/cycle/left.ts',
      'tests/structure/fixtures/cycle/left.ts',
      'tests/structure/fixtures/cycle/right.ts',
    ]);
  });
});
