// The stages of `npm test` and how they are run (see scripts/test.mjs, decision 027).
export const STAGES = ['typecheck', 'lint', 'embedded', 'real', 'distributed', 'bench', 'embedded-api', 'real-only'];

/**
 * The default plan: steps one after another. A step's lanes run side by side, and a lane is one
 * stage or a list of stages run one after another. Each stage has its own namespace on the servers,
 * so only the machine is shared: a stage that mostly waits (on a broker, a browser, a product) gets
 * a lane beside one that keeps the cores busy. The embedded product's API tests run last, alone: the
 * product is one process, and beside the browser stage its answers went past the tests' hang guard
 * (decision 027). The `real` project's files (`real-only`) kill and restart the shared Kafka broker,
 * so they run when no other stage uses it: beside the embedded product, which has no broker. The
 * distributed stage's own broker restart (an API file run alone) is waited out by the stages beside
 * it before they start (scripts/test.mjs): the type check fills that wait, when one core was idle
 * for about a minute, instead of sharing the first step's saturated cores.
 */
export const PLAN = [
  ['embedded', 'lint'],
  ['distributed', ['typecheck', 'real', 'bench']],
  ['embedded-api', 'real-only'],
];

/** Stages placed to fill the wait for the broker restart: without the distributed stage, they run in the first step. */
const FILLING_BROKER_WAIT = ['typecheck'];

/**
 * The steps to run for the `picked` stages, each a list of lanes (each a list of stages): the
 * plan with the others left out, or (with `oneAtATime`) one stage per step in the default order.
 * An unknown name is an error (a typo must not silently skip a stage).
 */
export function stagePlan(picked = STAGES, { oneAtATime = false } = {}) {
  for (const stage of picked) {
    if (!STAGES.includes(stage)) throw new Error(`unknown stage "${stage}" (expected ${STAGES.join(', ')})`);
  }
  const filling = picked.includes('distributed') ? [] : FILLING_BROKER_WAIT.filter((stage) => picked.includes(stage));
  const steps = oneAtATime
    ? STAGES.map((stage) => [stage])
    : PLAN.map((step, i) =>
        (i === 0 ? [...step, ...filling] : step).map((lane) =>
          Array.isArray(lane) ? lane.filter((stage) => !filling.includes(stage)) : lane,
        ),
      );
  return steps
    .map((step) =>
      step.map((lane) => (Array.isArray(lane) ? lane : [lane]).filter((stage) => picked.includes(stage))).filter((lane) => lane.length > 0),
    )
    .filter((step) => step.length > 0);
}
