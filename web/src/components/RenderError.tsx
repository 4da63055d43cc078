import { Component, useEffect, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './render-error.css';

export const RELOAD_AFTER_MS = 1000;

/**
 * What a crashed screen shows (SPEC §4): a short notice, then in production a reload, which also
 * picks up a newly deployed build when an old chunk can no longer be loaded.
 */
export function RenderErrorScreen() {
  const { t } = useTranslation();
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="render-error" role="alert">
      {t('errors.render')}
    </div>
  );
}

/** The router's error element: render errors inside routes land here. */
export function RouteRenderError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <RenderErrorScreen />;
}

/** Catches what happens outside the router (providers, banners). */
export class RenderErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RenderErrorScreen /> : this.props.children;
  }
}
