/**
 * The consent invariant at bench size: the property of test/integration/consent-property.test.ts
 * (the same model and commands, test/support/consent-model.ts) over 10,000 generated sequences,
 * on a stack of its own started in this process as bench/run.ts does. Answers the figures (runs,
 * time, commands, texts) or throws with the smallest failing sequence.
 *
 * Alone: `node --openssl-legacy-provider --import tsx bench/consent.ts` (CONSENT_RUNS, CONSENT_SEED,
 * CONSENT_CONCURRENCY), which writes bench/results/consent.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startLocalStack } from '../infra/local/stack.js';
import { checkConsentProperty, failureReport, prepareConsentStack, restoreConsentStack } from '../test/support/consent-model.js';

export async function benchConsent(runs: number): Promise<Record<string, unknown>> {
  const seed = Number(process.env.CONSENT_SEED ?? Date.now() % 1_000_000_000);
  const concurrency = Number(process.env.CONSENT_CONCURRENCY ?? 8);
  // Integration-test settings: receipts only when injected (a landline still bounces by itself).
  const stack = await startLocalStack({ port: 0, dataDir: null, web: 'none', seed: true, scheduler: false, quiet: true, autoReceipts: false });
  try {
    const consent = await prepareConsentStack(stack.url, stack.carrierUrl);
    try {
      console.log(`consent bench: ${runs} sequences, seed ${seed}, ${concurrency} at a time`);
      const result = await checkConsentProperty(consent, { runs, seed, concurrency });
      if (result.failure) throw new Error(failureReport(result));
      return {
        name: 'consent invariant: no text to an opted-out or landline number reaches the carrier',
        measured_at: new Date().toISOString(),
        ...result,
        sequences_per_second: +(runs / result.seconds).toFixed(2),
      };
    } finally {
      await restoreConsentStack(consent);
    }
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchConsent(Number(process.env.CONSENT_RUNS ?? 10_000));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/consent.json', `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
  console.log('written to bench/results/consent.json');
}
