/**
 * The survey follows the repair order's moments (functions/repairOrders/moments.ts): the order
 * closing or its vehicle being ready sends the survey (per csi_settings), and the customer's text
 * in the order's conversation may be the answer. Registered when the CSI board's declaration loads.
 */
import { sendsAfterClose } from '../messages/afterClose.js';
import { answersToGatekeeper } from '../messages/gatekeeperRules.js';
import { listenToRepairOrders } from '../repairOrders/moments.js';
import { answerByReply } from './replyAnswers.js';
import { offerSurvey } from './surveys.js';

// The survey, its reminder and the thank-you are texts for an order that has closed.
sendsAfterClose('csi_survey', 'csi_reminder', 'csi_thanks');
// Each answers to the gatekeeper's `csi` rule, again when quiet hours held it.
answersToGatekeeper({ csi_survey: 'csi', csi_reminder: 'csi', csi_thanks: 'csi' });

listenToRepairOrders({
  name: 'csi',
  async closed(ro, by) {
    // Only the DMS closing the order ends the customer's visit; the console closing an idle order does not.
    if (by === 'dms') await offerSurvey(ro, 'closed');
  },
  async vehicleReady(ro) {
    await offerSurvey(ro, 'vehicle_ready');
  },
  async customerReplied(ro, text, at) {
    await answerByReply(ro, text, at);
  },
});
