/** The CSI paths, for its handlers and the console. */
const enc = encodeURIComponent;

export const csiPaths = {
  /** One order's survey: GET reads it, POST sends it now (an agent's "Send survey"). */
  survey: (roId: string) => `/api/repair_orders/${enc(roId)}/survey`,
  /** The customer's survey page's API, by its token. */
  publicSurvey: (token: string) => `/api/public/surveys/${enc(token)}`,
};
