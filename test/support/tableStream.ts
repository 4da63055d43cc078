/**
 * Waiting for the table's stream (issue 24): the local stack reads DynamoDB Local's stream and runs
 * every listener (reports' tallies, history search entries) a moment after each write. A test that
 * wrote something and reads what a listener keeps waits for this first.
 */
export async function streamCaughtUp(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/dev/table_stream/caught_up`, { method: 'POST' });
  if (!res.ok) throw new Error(`the table's stream did not catch up: ${res.status} ${await res.text()}`);
}
