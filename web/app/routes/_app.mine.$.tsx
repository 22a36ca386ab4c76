// Content not shown in the spec: the coming-soon page (member-side §2).
export { default, meta } from '~/components/coming-soon';
