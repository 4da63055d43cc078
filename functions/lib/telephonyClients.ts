/** Amazon Chime SDK Voice, to place and hang up calls: a chunk of its own (TELEPHONY_CHUNK), loaded by chimeTelephony.ts on the first call. */
export { ChimeSDKVoiceClient, CreateSipMediaApplicationCallCommand, UpdateSipMediaApplicationCallCommand } from '@aws-sdk/client-chime-sdk-voice';
