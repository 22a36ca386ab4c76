/**
 * What the Stories card needs only once the member acts — the viewer, the upload and the list changes
 * that follow them — in one module loaded on first use, so none of it is on the home page's first
 * load (a separate small chunk would be merged back into the page's by the build's minimum chunk size).
 */
export { StoryViewer } from './story-viewer';
export { uploadStory } from './upload-story';
export { addOwnStory, markSeen, withoutStory } from './story-groups';
