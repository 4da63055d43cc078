/** Text-to-pay's automated texts (shared/messages.ts BoardAutomatedKinds): the link, the cancellation and the receipt. */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    payment_notification: true;
    payment_cancellation: true;
    payment_receipt: true;
  }
}
export {};
