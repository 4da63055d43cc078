/** The service board's own automated text (shared/messages.ts BoardAutomatedKinds): the status reply (functions/repairOrders/statusReply.ts). */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    status_reply: true;
  }
}
export {};
