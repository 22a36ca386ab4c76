/** The resource route of blocking (routes/resources.blocks.tsx). */
export const BLOCKS_RESOURCE = '/resources/blocks';
