/** Text-to-pay's automated texts (shared/messages.ts BoardAutomatedKinds): the link, and the cancellation. */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    payment_notification: true;
    payment_cancellation: true;
  }
}
export {};
