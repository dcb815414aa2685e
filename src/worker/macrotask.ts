/**
 * A macrotask, so messages queued for the worker are received in between. A MessageChannel
 * message is not clamped the way nested `setTimeout(0)` is (4 ms a time in browsers).
 */
export function macrotask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((r) => setTimeout(r, 0));
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      channel.port2.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
