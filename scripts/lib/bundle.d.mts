export interface Bundles {
  /** Each entry's bundled ES module, by the name it was given. */
  files: Record<string, string>;
  remove(): void;
}
export function bundleEntries(entries: Record<string, string>): Promise<Bundles>;
export function bundleOnce(file: string): Promise<string>;
