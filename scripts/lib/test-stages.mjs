// The stages of `npm test` and the order they run in (see scripts/test.mjs).
export const STAGES = ['typecheck', 'embedded', 'real', 'distributed', 'embedded-api'];

/**
 * The stages to run, in order: those named in `order` first, then the others in the default order;
 * only the `picked` ones. An unknown name is an error (a typo must not silently skip a stage).
 */
export function stageOrder(order = [], picked = STAGES) {
  for (const stage of [...order, ...picked]) {
    if (!STAGES.includes(stage)) throw new Error(`unknown stage "${stage}" (expected ${STAGES.join(', ')})`);
  }
  return [...new Set([...order, ...STAGES])].filter((stage) => picked.includes(stage));
}
