/**
 * Amazon Chime SDK PSTN audio, as far as the console uses it: the events a SIP media application's
 * Lambda is invoked with and the actions it answers (Amazon Chime SDK Developer Guide, "Understanding
 * telephony events" and "Supported actions"). The local telephony simulator (infra/local/telephony.ts)
 * sends the same events and carries out the same actions, so one handler serves both.
 */

export type ChimeEventType =
  | 'NEW_INBOUND_CALL'
  | 'NEW_OUTBOUND_CALL'
  | 'RINGING'
  | 'CALL_ANSWERED'
  | 'ACTION_SUCCESSFUL'
  | 'ACTION_FAILED'
  | 'ACTION_INTERRUPTED'
  | 'HANGUP'
  | 'CALL_UPDATE_REQUESTED'
  | 'INVALID_LAMBDA_RESPONSE'
  | 'DIGITS_RECEIVED';

export interface ChimeParticipant {
  CallId: string;
  /** LEG-A: the call that reached (or was placed by) the application; LEG-B: the one CallAndBridge dialled. */
  ParticipantTag: 'LEG-A' | 'LEG-B';
  To: string;
  From: string;
  Direction: 'Inbound' | 'Outbound';
  /** Milliseconds since the epoch, as a string. */
  StartTimeInMilliseconds: string;
  Status?: 'Connected' | 'Disconnected';
}

export interface ChimeEvent {
  SchemaVersion: '1.0';
  Sequence: number;
  InvocationEventType: ChimeEventType;
  CallDetails: {
    TransactionId: string;
    /** What the handler set on its last answer, handed back with every later event of the call. */
    TransactionAttributes?: Record<string, string>;
    AwsAccountId: string;
    AwsRegion: string;
    /** The guide's examples name it `SipMediaApplicationId` (older pages: `SipApplicationId`); the handler reads neither. */
    SipMediaApplicationId?: string;
    SipApplicationId?: string;
    SipRuleId?: string;
    Participants: ChimeParticipant[];
  };
  /**
   * What the event is about: the action an ACTION_SUCCESSFUL / ACTION_FAILED / ACTION_INTERRUPTED
   * event reports (its Parameters as answered, plus `CallId`); for HANGUP, `Type: 'Hangup'` with the
   * leg that hung up (`Parameters.CallId`, `Parameters.ParticipantTag`); for NEW_OUTBOUND_CALL,
   * `Type: 'CallCreateRequest'` with `Parameters.Arguments` = CreateSipMediaApplicationCall's
   * ArgumentsMap; for CALL_UPDATE_REQUESTED, `Type: 'CallUpdateRequest'` with
   * `Parameters.Arguments` = UpdateSipMediaApplicationCall's Arguments.
   */
  ActionData?: {
    Type: string;
    Parameters: Record<string, unknown> & { Arguments?: Record<string, string>; CallId?: string; ParticipantTag?: 'LEG-A' | 'LEG-B' };
    /**
     * ACTION_FAILED (and INVALID_LAMBDA_RESPONSE): why. CallAndBridge's unanswered B leg is
     * documented as `CallNotAnswered` ("Call not answered"); the guide names no value for a busy
     * one, so the handler reads any ErrorType or ErrorMessage that says busy (or SIP 486) as busy.
     */
    ErrorType?: string;
    ErrorMessage?: string;
    /** RecordAudio, on ACTION_SUCCESSFUL: the object the recording was written to (the guide's key: `{CallId}-…wav` under the Prefix). */
    RecordingDestination?: { Type: 'S3'; BucketName: string; Key: string };
  };
  /** INVALID_LAMBDA_RESPONSE: what was wrong with the last answer. */
  ErrorType?: string;
  ErrorMessage?: string;
}

export type ChimeAction =
  | { Type: 'CallAndBridge'; Parameters: { CallTimeoutSeconds: number; CallerIdNumber: string; Endpoints: { BridgeEndpointType: 'PSTN'; Uri: string }[] } }
  | { Type: 'Speak'; Parameters: { Text: string; CallId?: string; ParticipantTag?: 'LEG-A' | 'LEG-B'; Engine?: 'standard' | 'neural'; LanguageCode?: string; TextType?: 'text' | 'ssml'; VoiceId?: string } }
  | { Type: 'PlayAudio'; Parameters: { ParticipantTag?: 'LEG-A' | 'LEG-B'; AudioSource: { Type: 'S3'; BucketName: string; Key: string } } }
  | {
      Type: 'RecordAudio';
      Parameters: {
        CallId?: string;
        DurationInSeconds: number;
        SilenceDurationInSeconds: number;
        SilenceThreshold?: number;
        RecordingTerminators: string[];
        RecordingDestination: { Type: 'S3'; BucketName: string; Prefix: string };
      };
    }
  | { Type: 'Pause'; Parameters: { DurationInMilliseconds: number; CallId?: string } }
  | { Type: 'Hangup'; Parameters: { SipResponseCode: '0' | '480' | '486'; CallId?: string; ParticipantTag?: 'LEG-A' | 'LEG-B' } };

export interface ChimeResponse {
  SchemaVersion: '1.0';
  Actions: ChimeAction[];
  /**
   * Kept by the provider for the call and handed back with every later event: at most 100 pairs and
   * 20 KB (the guide, "Using TransactionAttributes"); a new key set replaces the kept one, `{}` erases it.
   */
  TransactionAttributes?: Record<string, string>;
}
