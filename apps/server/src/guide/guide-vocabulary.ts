/**
 * The words people use for what docs/user-guide.md names otherwise: someone "forgot" a password
 * that the guide calls forgotten, wants to "export to Excel" what the guide downloads as CSV, asks
 * whether an SLA was "breached" where the guide says missed. Each phrase is rewritten to the
 * guide's words, in the guide and in the question alike, so both meet whichever words were used.
 * Entries are the product's vocabulary and plain English, never the wording of one question.
 */
const SAME_AS: [said: string, guideWords: string][] = [
  // a code sent to sign in is what the guide calls the verification code
  [
    '2fa|mfa|otp|one[- ]time (?:pass)?code|two[- ](?:factor|step) code|(?:log[- ]?in|sign[- ]?in|security|authentication|access) code',
    'verification code',
  ],
  ["forgot|forget|forgetting|(?:can ?not|can't|don't|do not) remember", 'forgotten'],
  [
    '(?:log|logs|logged|logging|sign|signs|signed|signing)(?: you| me| them| him| her)? out|logout|log-out|logoff|log off',
    'logout',
  ],
  // "log" alone is the event log: only the verb with "in" or "on" is signing in
  ['(?<!event |the )(?:log|logs|logged|logging) ?(?:in|on)\\b|login|logon|sign-in|signin', 'sign in'],
  ['e-?mails?', 'email'],
  ['text messages?|sms messages?|texts|texted|texting', 'sms'],
  ['excel|spreadsheets?|xlsx', 'csv'],
  ['export|exports|exported|exporting', 'download'],
  ['refresh|refreshes|refreshed|refreshing', 'reload'],
  ['delete|deletes|deleted|deleting', 'remove'],
  ['deactivate|deactivates|deactivated|deactivating|suspend|suspends|suspended', 'inactive'],
  ['requirements?|criteria|policy', 'rules'],
  ['breach|breaches|breached|breaching|violate|violates|violated|violation', 'missed'],
  ['acknowledge|acknowledges|acknowledged|acknowledging|ack', 'accept'],
  ['alerts?|alarms?', 'incident'],
  // to page someone is to contact them about an incident; the people contacted are resources
  ['paged|paging|page(?= (?:someone|somebody|people|them|him|her|me|us)\\b)', 'contacted'],
  ['on[- ]call(?: persons?| people| engineers?| staff| team| responders?)?', 'resource'],
  ['api (?:keys?|tokens?)|access tokens?', 'credential key'],
  ['time-?zones?', 'time zone'],
  ['(?:phone|telephone) calls?', 'voice call'],
  ['(?:phone|mobile|cell|cellphone|telephone) numbers?|cellphones?|telephones?', 'phone'],
  ['people|colleagues?|co-?workers?|teammates?|employees?', 'person'],
  ['comes? in|came in|arrives?|arrived|arriving', 'arrive'],
  ['tries|retries', 'attempts'],
  ['another user|other users?|someone else|somebody else|somebody', 'someone'],
  ['duplicates?|duplicated|dedupe|deduplicat\\w*', 'dedup'],
  ['pick|picks|picked|picking', 'choose'],
  ['(?:forced|required|obliged) to|forces? (?:me|you|us|them) to|(?:have|has|had) to', 'must'],
];

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${SAME_AS.map(([said]) => `(${said})`).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** The text with each phrase people use rewritten to the guide's own words (lower case). */
export function inGuideWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(PATTERN, (...match: unknown[]) => {
      const group = match.slice(1, SAME_AS.length + 1).findIndex((said) => said !== undefined);
      return SAME_AS[group]![1];
    });
}
