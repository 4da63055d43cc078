/** The conversation of a repair order (SPEC §7 "Message lists", "Send message", retry) and uploads. */
import { sendMessageBody } from '../../shared/schemas/messages.js';
import { MESSAGE_FIRST_PAGE } from '../../shared/serviceBoard.js';
import { ValidationError, notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import { assertWorksServiceBoard, visibleRepairOrder } from '../repairOrders/boardAccess.js';
import { storedAttachments, uploadRequestBody, uploadSlot } from './attachments.js';
import { getMessage, messagesOf, messageView, threadOf } from './records.js';
import { retryMessage, sendFromAgent } from './send.js';

/** The furthest ahead a text can be scheduled. */
export const MAX_SCHEDULE_DAYS = 90;

export const routes: Routes = {
  /** Newest first: offset 0 is the latest page; the console reverses it for display. */
  'GET /api/repair_orders/{id}/messages': agentRoute(async ({ auth, params, query }) => {
    const ro = await visibleRepairOrder(auth, params.id ?? '');
    const { offset, limit } = paging(query, MESSAGE_FIRST_PAGE);
    const records = await messagesOf(auth.companyId, threadOf(ro.id), offset, limit);
    const messages = await Promise.all(records.map(messageView));
    return ok(pagedBody('messages', messages, ro.metadata.message_count, offset, limit));
  }),

  'POST /api/repair_orders/{id}/messages': agentRoute(async ({ auth, params, body, headers }) => {
    const { message: input } = parse(sendMessageBody, body);
    const ro = await visibleRepairOrder(auth, params.id ?? '', true);
    if (input.send_at && Date.parse(input.send_at) > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) {
      throw new ValidationError([{ message: `A text can be scheduled up to ${MAX_SCHEDULE_DAYS} days ahead`, path: 'message.send_at' }]);
    }
    const attachments = await storedAttachments(auth.companyId, input.attachments);
    const { message, warnings } = await sendFromAgent(ro, auth.actingAs, {
      text: input.text,
      attachments,
      sendAt: input.send_at,
      confirmQuietHours: input.confirm_quiet_hours,
      // The same key as the idempotency layer reads: a retry of this request finds its text.
      requestKey: headers['idempotency-key']?.slice(0, 200) || undefined,
    });
    return ok({ message: await messageView(message), warnings }, 201);
  }),

  'PUT /api/messages/{id}/retry': agentRoute(async ({ auth, params }) => {
    assertWorksServiceBoard(auth);
    const message = await getMessage(auth.companyId, params.id ?? '');
    if (!message) throw notFound('Message not found');
    const ro = await visibleRepairOrder(auth, message.repair_order_id, true);
    return ok({ message: await messageView(await retryMessage(ro, message)) });
  }),

  'POST /api/attachments': agentRoute(async ({ auth, body }) => {
    assertWorksServiceBoard(auth);
    return ok(await uploadSlot(auth.companyId, parse(uploadRequestBody, body)), 201);
  }),
};

export const handler = areaHandler('messages', routes);
