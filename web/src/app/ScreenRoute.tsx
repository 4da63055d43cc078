import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { landingPath } from '../../../shared/access.js';
import { ArrivingLater } from '../components/ArrivingLater.js';
import { NoBoardPage } from '../features/noboard/NoBoardPage.js';
import { useReadySession } from '../lib/session.js';
import { useDocumentTitle } from '../lib/title.js';
import { useScreenName, type ScreenDefinition } from '../lib/screenDefinition.js';

function useLanding(): string {
  const { acting } = useReadySession();
  return landingPath(acting.access_level, acting.technician_settings);
}

/**
 * A menu screen. An agent whose flags do not open it goes to their landing board instead, which is
 * also how signing in lands everyone: sign-in goes to '/', and '/' is the service board.
 * A screen that has been built is given as children; the others arrive with later issues, and until
 * then the screen says so.
 */
export function ScreenRoute({ screen, children }: { screen: ScreenDefinition; children?: ReactNode }) {
  const { acting } = useReadySession();
  const landing = useLanding();
  const name = useScreenName(screen.label);
  useDocumentTitle(name);
  if (!screen.allowed(acting.access_level)) return <Navigate to={landing} replace />;
  return children ?? <ArrivingLater screen={name} />;
}

/** /noboard is only for agents with no board; anyone else is sent to theirs. */
export function NoBoardRoute() {
  const { t } = useTranslation();
  const landing = useLanding();
  useDocumentTitle(t('noboard.title'));
  if (landing !== '/noboard') return <Navigate to={landing} replace />;
  return <NoBoardPage />;
}
