/**
 * The console's routes under /app (SPEC §2). Screens load with their route (route-level lazy), so
 * the sign-in page does not carry the signed-in shell and the shell does not carry sign-in.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/NotFound.js';
import { RouteRenderError } from '../components/RenderError.js';
import { Spinner } from '../components/Spinner.js';
import { SCREENS } from './screens.js';
import { NoBoardRoute, ScreenRoute } from './ScreenRoute.js';
import { SessionGate } from './SessionGate.js';

/** '/' is the service board, loaded with its route; the other boards still say they arrive later. */
const screenRoutes: RouteObject[] = SCREENS.map((screen) =>
  screen.path === '/'
    ? {
        index: true,
        lazy: () =>
          import('../features/serviceBoard/ServiceBoard.js').then(({ ServiceBoard }) => ({
            Component: () => (
              <ScreenRoute screen={screen}>
                <ServiceBoard />
              </ScreenRoute>
            ),
          })),
      }
    : { path: screen.path.slice(1), element: <ScreenRoute screen={screen} /> },
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
