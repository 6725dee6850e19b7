import { resourceTestResults, sendResourceTest, type TestSendAnswer } from '@relevo/api';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** "Send a test" of the Resources screen */
    resourceTestCalls: ResourceTestCalls;
  }
}

/** docs/product.md#send-a-test: send a test to a resource's phones, and read its results. */
export interface ResourceTestCalls {
  send: (resourceId: number) => Promise<TestSendAnswer>;
  results: (resourceId: number) => Promise<TestSendAnswer>;
}

export const liveResourceTestCalls: ResourceTestCalls = {
  send: (id) => api.call(sendResourceTest, { params: { id } }),
  results: (id) => api.call(resourceTestResults, { params: { id } }),
};
