// The product shows no content here: the coming-soon page (docs/product/navigation.md).
export { default, meta } from '~/components/coming-soon';
