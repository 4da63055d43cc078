/** Try an operation again after a pause (SPEC §9: 5 tries, 500 ms apart by default). */
export interface RetryOptions {
  tries?: number;
  /** The pause before each new try, fixed or by the number of the try that failed (a back-off). */
  delayMs?: number | ((attempt: number) => number);
  /** Told before each pause why the try failed (a caller that shows "still trying"). */
  onRetry?: (error: unknown, attempt: number) => void;
  /** Return false to give up at once (a 4xx will not get better by asking again). */
  shouldRetry?: (error: unknown) => boolean;
  signal?: AbortSignal;
}

export async function retry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const tries = Math.max(1, options.tries ?? 5);
  const delayMs = options.delayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= tries || options.shouldRetry?.(error) === false || options.signal?.aborted) throw error;
      options.onRetry?.(error, attempt);
      await pause(typeof delayMs === 'function' ? delayMs(attempt) : delayMs, options.signal);
    }
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
