/**
 * Reads one sample out of Prometheus' text format (what `/metrics` answers): the value of the first
 * line of `name` carrying every one of `labels`, or undefined when there is none.
 */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = line.startsWith(`${name}{`) ? line.slice(name.length + 1, line.lastIndexOf('}')) : '';
    const present = labelPart.split(/,(?=[a-zA-Z_]+=")/);
    if (wanted.every((label) => present.includes(label))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}
