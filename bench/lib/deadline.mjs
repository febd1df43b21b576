// A benchmark's run under a deadline: its main function, then what it started (servers,
// browsers, temporary data) stopped last-started first, on success, failure or timeout.

/** @typedef {(() => Promise<unknown>)[]} Cleanups */

/**
 * Runs `main`, which pushes onto the list it is given a way to stop each thing it starts.
 * An error from `main` is printed (through `describeError`, by default its message) and
 * sets the exit code to 1. Past `deadlineMs`, prints that the benchmark was interrupted,
 * stops what was started and exits with 1. A cleanup that fails does not keep the others
 * from running.
 * @param {(cleanups: Cleanups) => Promise<void>} main
 * @param {{ deadlineMs: number, describeError?: (error: unknown) => unknown }} options
 */
export async function runBench(
  main,
  { deadlineMs, describeError = (error) => (error instanceof Error ? error.message : error) },
) {
  /** @type {Cleanups} */
  const cleanups = [];
  const cleanUp = async () => {
    for (const stop of cleanups.splice(0).reverse()) await stop().catch(() => undefined);
  };

  const deadline = setTimeout(async () => {
    console.error(`Benchmark passou de ${deadlineMs / 60_000} min: interrompido.`);
    await cleanUp();
    process.exit(1);
  }, deadlineMs);
  deadline.unref();
  try {
    await main(cleanups);
  } catch (error) {
    console.error(describeError(error));
    process.exitCode = 1;
  } finally {
    await cleanUp();
    clearTimeout(deadline);
  }
}
