/** `kora_live_sockets`: the WebSockets a notifications instance holds now (decision 052). */
import { sourcedGauge } from './sourced-gauge.js';

const liveSockets = sourcedGauge('kora_live_sockets', 'Live WebSockets held by this process', []);

/** Counts `read()`'s sockets until the function answered is called (the instance stops). */
export function countLiveSockets(read: () => number): () => void {
  return liveSockets.add(() => [{ labels: {}, value: read() }]);
}
