/** The SMS carrier's AWS clients (SNS to send, Pinpoint to look up line types): a chunk of its own (CARRIER_CHUNK), loaded by carrier.ts on the first text or lookup. */
export { PhoneNumberValidateCommand, PinpointClient } from '@aws-sdk/client-pinpoint';
export { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
