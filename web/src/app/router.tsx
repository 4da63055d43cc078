/**
 * The console's routes under /app (SPEC §2). Screens load with their route (lazy, once permitted), so
 * the sign-in page does not carry the signed-in shell and the shell does not carry sign-in.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/NotFound.js';
import { RouteRenderError } from '../components/RenderError.js';
import { Spinner } from '../components/Spinner.js';
import { SCREENS, type Screen } from './screens.js';
import { NoBoardRoute, ScreenRoute } from './ScreenRoute.js';
import { SessionGate } from './SessionGate.js';

/**
 * Screens built so far, each loaded with its route; the others still say they arrive later.
 * `load` returns the screen's component.
 */
type ScreenModule = () => Promise<ComponentType>;
const BUILT_SCREENS: Record<string, ScreenModule> = {
  '/': () => import('../features/serviceBoard/ServiceBoard.js').then((m) => m.ServiceBoard),
  '/mpi': () => import('../features/inspections/PoolScreen.js').then((m) => m.PoolScreen),
  '/mpi/claimed': () => import('../features/inspections/ClaimedScreen.js').then((m) => m.ClaimedScreen),
  '/appointments': () => import('../features/appointments/AppointmentsBoard.js').then((m) => m.AppointmentsBoard),
  '/appointments/sent': () => import('../features/appointments/SentScreen.js').then((m) => m.SentScreen),
  // Settings shows the sheet templates in its tech tab; features meet here, not in each other.
  '/settings': () =>
    Promise.all([import('../features/settings/SettingsScreen.js'), import('../features/sheetTemplates/SheetTemplates.js')]).then(
      ([settings, templates]) =>
        function Settings() {
          return <settings.SettingsScreen templates={templates.SheetTemplates} />;
        },
    ),
};

/**
 * A built screen: its chunk loads only once the acting agent may open it (ScreenRoute sends
 * anyone else to their landing board first), so a technician signing in at '/' never downloads
 * the service board on the way to /mpi.
 */
function screenRoute(screen: Screen, path: string | null, load: ScreenModule): RouteObject {
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

const screenRoutes: RouteObject[] = SCREENS.map((screen) => {
  const load = BUILT_SCREENS[screen.path];
  const path = screen.path === '/' ? null : screen.path.slice(1);
  if (load) return screenRoute(screen, path, load);
  return { path: path ?? undefined, element: <ScreenRoute screen={screen} /> };
});

/** One repair order's inspection sheet: opened from the pool, the inbox or the repair order; the MPI pool's permissions. */
const mpiScreen = SCREENS.find((s) => s.path === '/mpi')!;
screenRoutes.push(
  screenRoute(mpiScreen, 'mpi/repair_orders/:roId', () => import('../features/inspections/SheetScreen.js').then((m) => m.SheetScreen)),
);

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
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
}
