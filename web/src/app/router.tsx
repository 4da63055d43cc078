/**
 * The console's routes under /app (SPEC §2). Screens load with their route (lazy, once permitted), so
 * the sign-in page does not carry the signed-in shell and the shell does not carry sign-in.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/NotFound.js';
import { RouteRenderError } from '../components/RenderError.js';
import { Spinner } from '../components/Spinner.js';
import type { ScreenDefinition, ScreenLoader } from '../lib/screenDefinition.js';
import { SCREENS } from './menu.js';
import { NoBoardRoute, ScreenRoute } from './ScreenRoute.js';
import { SessionGate } from './SessionGate.js';
import { publicPages } from '../lib/publicPages.js';
import { siteBase } from '../lib/site.js';

/**
 * A built screen: its chunk (and its words, which its components suspend for) loads only once the
 * acting agent may open it (ScreenRoute sends anyone else to their landing board first), so a
 * technician signing in at '/' never downloads the service board on the way to /mpi.
 */
function screenRoute(screen: ScreenDefinition, path: string | null, load: ScreenLoader): RouteObject {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  const element = (
    <ScreenRoute screen={screen}>
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    </ScreenRoute>
  );
  return path === null ? { index: true, element } : { path, element };
}

/** Every screen of the registry, with the routes that open under its permissions; one not built yet says it arrives later. */
const screenRoutes: RouteObject[] = SCREENS.flatMap((screen) => {
  const path = screen.path === '/' ? null : screen.path.slice(1);
  const own = screen.load ? screenRoute(screen, path, screen.load) : { path: path ?? undefined, element: <ScreenRoute screen={screen} /> };
  return [own, ...(screen.routes ?? []).map((route) => screenRoute(screen, route.path, route.load))];
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteRenderError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        lazy: () => import('./layout/PublicLayout.js').then((m) => ({ Component: m.PublicLayout })),
        children: [
          { path: 'sign_in', lazy: () => import('../features/auth/SignInPage.js').then((m) => ({ Component: m.SignInPage })) },
          { path: 'password_reset', lazy: () => import('../features/auth/PasswordResetPage.js').then((m) => ({ Component: m.PasswordResetPage })) },
          { path: 'tray_app', lazy: () => import('../features/auth/TrayAppPage.js').then((m) => ({ Component: m.TrayAppPage })) },
          {
            path: 'login/seamless_error',
            lazy: () => import('../features/auth/SeamlessErrorPage.js').then((m) => ({ Component: m.SeamlessErrorPage })),
          },
          // Features' pages opened by a link, without sign-in (lib/publicPages.ts).
          ...publicPages().map((page) => ({ path: page.path, lazy: () => page.load().then((Component) => ({ Component })) })),
        ],
      },
      { path: 'logout', lazy: () => import('../features/auth/LogoutPage.js').then((m) => ({ Component: m.LogoutPage })) },
      { path: 'magicLogin', lazy: () => import('../features/auth/MagicLoginPage.js').then((m) => ({ Component: m.MagicLoginPage })) },
      // A test route that renders nothing (SPEC §2).
      { path: 'throw-error', Component: () => null },
      {
        element: <SessionGate />,
        children: [
          {
            lazy: () => import('./layout/MainLayout.js').then((m) => ({ Component: m.MainLayout })),
            children: [...screenRoutes, { path: 'noboard', element: <NoBoardRoute /> }],
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export function createConsoleRouter() {
  return createBrowserRouter(routes, { basename: siteBase().replace(/\/$/, '') });
}
