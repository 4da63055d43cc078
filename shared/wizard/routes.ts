/** The wizard's paths (SPEC §7 "Wizard"; the manager's link routes and the GET and PDF beside them are ours). */
const enc = encodeURIComponent;

export const wizardPaths = {
  wizard: (token: string) => `/api/wizard/locations/${enc(token)}`,
  finish: (token: string) => `/api/wizard/locations/${enc(token)}/finish`,
  pdf: (token: string, locale: string) => `/api/wizard/locations/${enc(token)}/pdf?locale=${enc(locale)}`,
  links: (locationId: string) => `/api/locations/${enc(locationId)}/wizard_links`,
  link: (locationId: string, linkId: string) => `/api/locations/${enc(locationId)}/wizard_links/${enc(linkId)}`,
};

/** The page's address under the console (SPEC §2 "/public/location/:token/wizard"). */
export const wizardPagePath = (token: string) => `/app/public/location/${enc(token)}/wizard`;
