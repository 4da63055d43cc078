/**
 * Where the card provider's account connection returns (SPEC §2 /stripe_callback?code=): 'Please
 * wait...' while the console stores the connection, then the settings' pay online tab; without a
 * code and the stored state, 'Broken data.' (SPEC §5).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { finishConnection } from './requests.js';

export function StripeCallback() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [broken, setBroken] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setBroken(true);
      return;
    }
    finishConnection(code, state)
      .then((answer) => navigate(answer.redirect_to.replace(/^\/app/, ''), { replace: true }))
      .catch(() => setBroken(true));
  }, [params, navigate]);
  return (
    <main className="page" data-testid="stripe-callback">
      <p role="status">{broken ? t('broken') : t('please_wait')}</p>
    </main>
  );
}
