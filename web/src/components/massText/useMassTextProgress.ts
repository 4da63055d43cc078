/**
 * A mass text's progress as the server reports it: live from the core's `mass_message.progress`
 * events (on the sending agent's channel), and asked for once when watching starts and again after a
 * lost connection came back, which covers what happened while nobody listened.
 */
import { useEffect, useState } from 'react';
import type { MassMessage } from '../../../../shared/massTexts.js';
import { onResync, retainConnection, subscribe } from '../../lib/realtime.js';
import { newer } from './massTextProgress.js';
import { fetchMassMessage } from './massTextRequests.js';

export function useMassTextProgress(initial: MassMessage): MassMessage {
  const [mass, setMass] = useState(initial);
  useEffect(() => {
    const id = initial.id;
    const take = (next: MassMessage) => setMass((current) => newer(current, next));
    const ask = () => void fetchMassMessage(id).then(take, () => undefined);
    const release = retainConnection();
    const stops = [
      subscribe('mass_message.progress', (data) => {
        if (data.mass_message.id === id) take(data.mass_message);
      }),
      onResync(ask),
    ];
    ask();
    return () => {
      for (const stop of stops) stop();
      release();
    };
  }, [initial.id]);
  return mass;
}
