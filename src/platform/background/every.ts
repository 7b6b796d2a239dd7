// A background task run at an interval (flagging missing clock-outs, retrying mail). A run never
// overlaps the previous one; stop() waits for a run in progress.
export function every(
  everyMs: number,
  task: () => Promise<unknown>,
  log: { error(obj: object, msg: string): void },
  name: string,
) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = task()
      .catch((err) => log.error({ err }, `${name} failed`))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
