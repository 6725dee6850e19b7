import { GetSMSAttributesCommand, PublishCommand, SNSClient, type MessageAttributeValue } from '@aws-sdk/client-sns';
import type { ProviderValues } from '@relevo/domain';
import { ProviderRefusal, type AdapterFactory, type PhoneMessage } from './provider';

/**
 * Amazon SNS (docs/integrations.md#amazon-sns): SMS only, published straight to the phone number
 * as transactional messages (with the sender ID where the country allows one). SNS calls no one
 * back: an SMS it took is reported sent, and nothing more.
 */
function clientOf(settings: ProviderValues) {
  const endpoint = settings.api_url?.replace(/\/+$/, '');
  return new SNSClient({
    region: settings.region,
    credentials: { accessKeyId: settings.access_key_id ?? '', secretAccessKey: settings.secret_access_key ?? '' },
    ...(endpoint ? { endpoint } : {}),
    // the chain retries on the next provider: one attempt here
    maxAttempts: 1,
  });
}

interface AwsError {
  name?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

/** SNS's errors: a client fault (a bad number, an opted-out phone, bad credentials) is the provider saying no. */
function refusalOf(error: unknown): never {
  const fault = error as AwsError;
  const status = fault.$metadata?.httpStatusCode;
  const message = `Amazon SNS answered ${status ?? 'an error'}: ${fault.name ?? 'Error'}: ${fault.message ?? ''}`.slice(
    0,
    300,
  );
  // throttling is a client fault that passes
  if (fault.$fault === 'client' && status !== 429 && !/Throttl/i.test(fault.name ?? '')) {
    throw new ProviderRefusal(message, status);
  }
  throw new Error(message);
}

const REFUSED_KEY = new Set(['InvalidClientTokenId', 'SignatureDoesNotMatch', 'UnrecognizedClientException']);

export const snsAdapter: AdapterFactory = (settings) => {
  const client = clientOf(settings);
  return {
    provider: 'sns',
    async send(message: PhoneMessage, signal: AbortSignal) {
      if (message.channel !== 'sms') throw new ProviderRefusal('Amazon SNS sends SMS only');
      const attributes: Record<string, MessageAttributeValue> = {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
      };
      if (settings.sender_id) {
        attributes['AWS.SNS.SMS.SenderID'] = { DataType: 'String', StringValue: settings.sender_id };
      }
      try {
        const sent = await client.send(
          new PublishCommand({ PhoneNumber: message.to, Message: message.body, MessageAttributes: attributes }),
          { abortSignal: signal },
        );
        if (!sent.MessageId) throw new Error('Amazon SNS answered without a message id');
        return { messageId: sent.MessageId };
      } catch (error) {
        refusalOf(error);
      }
    },
    async check(signal: AbortSignal) {
      try {
        await client.send(new GetSMSAttributesCommand({}), { abortSignal: signal });
      } catch (error) {
        const fault = error as AwsError;
        const status = fault.$metadata?.httpStatusCode;
        if (REFUSED_KEY.has(fault.name ?? '')) {
          throw new Error(
            `Amazon SNS refused the access key (${status ?? 403}): check the access key ID and the secret access key`,
            { cause: error },
          );
        }
        if (status === 403 || fault.name === 'AuthorizationError' || fault.name === 'AccessDenied') {
          throw new Error(
            `Amazon SNS refused the access key (${status ?? 403}): the IAM user needs sns:Publish and sns:GetSMSAttributes`,
            { cause: error },
          );
        }
        throw new Error(
          `Amazon SNS could not be reached: ${fault.name ?? 'Error'}: ${fault.message ?? ''}`.slice(0, 300),
          { cause: error },
        );
      }
    },
  };
};
