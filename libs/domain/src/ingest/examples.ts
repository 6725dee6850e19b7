/**
 * The Get Examples answer (docs/product.md#modules, #http-calls; docs/product.md#incidents-in): working code for the ingest API in six
 * languages, with the module's real ID and the server's real URL filled in. The key is read from the
 * environment variable RELEVO_KEY (the server keeps only its hash, so it cannot be printed here).
 */
export interface IngestExample {
  blockSubject: string;
  blockBody: string;
  blockProgrammingCode: string;
}

export const EXAMPLE_LANGUAGES = ['curl', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'Events API v2'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

export const INGEST_PATH = '/api/v1/incidents';
/** PagerDuty Events API v2 compatibility: the same module, its key as the routing key (docs/integrations.md). */
export const EVENTS_V2_PATH = '/v2/enqueue';
export const KEY_VARIABLE = 'RELEVO_KEY';

const SAMPLE = {
  incident: 'Disk almost full on db-1',
  description: 'The data disk of db-1 is 95% full and still growing.',
  dedup_key: 'db-1-disk',
};

/** JSON text safe inside a double-quoted string of C-like languages. */
const quoted = (text: string) => JSON.stringify(text);

export function ingestExamples(moduleId: number, baseUrl: string): Record<ExampleLanguage, IngestExample> {
  const url = `${baseUrl.replace(/\/+$/, '')}${INGEST_PATH}`;
  const eventsUrl = `${baseUrl.replace(/\/+$/, '')}${EVENTS_V2_PATH}`;
  const body = JSON.stringify(SAMPLE);
  const user = String(moduleId);
  const about = (tool: string) =>
    `Reports an incident to module ${moduleId} with ${tool}. Set ${KEY_VARIABLE} to the module's credential key (Generate Credentials). The answer is 201 with case_id and event_id; the same dedup_key while the event is open answers 200 with that event.`;
  return {
    curl: {
      blockSubject: 'curl',
      blockBody: about('curl'),
      blockProgrammingCode: [
        `curl --fail-with-body -sS -X POST ${quoted(url)} \\`,
        `  -u "${user}:$${KEY_VARIABLE}" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '${body}'`,
      ].join('\n'),
    },
    JavaScript: {
      blockSubject: 'JavaScript (Node.js 18 or later)',
      blockBody: about('fetch'),
      blockProgrammingCode: [
        `const auth = Buffer.from(${quoted(`${user}:`)} + process.env.${KEY_VARIABLE}).toString('base64');`,
        `const response = await fetch(${quoted(url)}, {`,
        `  method: 'POST',`,
        `  headers: { Authorization: 'Basic ' + auth, 'Content-Type': 'application/json' },`,
        `  body: JSON.stringify(${body}),`,
        `});`,
        `if (!response.ok) throw new Error('Relevo answered ' + response.status + ': ' + (await response.text()));`,
        `console.log(await response.json());`,
      ].join('\n'),
    },
    Python: {
      blockSubject: 'Python 3 (requests)',
      blockBody: about('requests'),
      blockProgrammingCode: [
        'import os',
        'import requests',
        '',
        `response = requests.post(`,
        `    ${quoted(url)},`,
        `    auth=(${quoted(user)}, os.environ[${quoted(KEY_VARIABLE)}]),`,
        `    json=${body},`,
        `    timeout=10,`,
        `)`,
        'response.raise_for_status()',
        'print(response.json())',
      ].join('\n'),
    },
    Go: {
      blockSubject: 'Go (net/http)',
      blockBody: about('net/http'),
      blockProgrammingCode: [
        'package main',
        '',
        'import (',
        '\t"bytes"',
        '\t"fmt"',
        '\t"io"',
        '\t"net/http"',
        '\t"os"',
        ')',
        '',
        'func main() {',
        `\tbody := []byte(${quoted(body)})`,
        `\treq, err := http.NewRequest("POST", ${quoted(url)}, bytes.NewReader(body))`,
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        `\treq.SetBasicAuth(${quoted(user)}, os.Getenv(${quoted(KEY_VARIABLE)}))`,
        '\treq.Header.Set("Content-Type", "application/json")',
        '\tres, err := http.DefaultClient.Do(req)',
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        '\tdefer res.Body.Close()',
        '\tanswer, _ := io.ReadAll(res.Body)',
        '\tfmt.Println(res.StatusCode, string(answer))',
        '}',
      ].join('\n'),
    },
    Java: {
      blockSubject: 'Java 11 or later (java.net.http)',
      blockBody: about('java.net.http'),
      blockProgrammingCode: [
        'import java.net.URI;',
        'import java.net.http.HttpClient;',
        'import java.net.http.HttpRequest;',
        'import java.net.http.HttpResponse;',
        'import java.util.Base64;',
        '',
        'public class ReportIncident {',
        '  public static void main(String[] args) throws Exception {',
        `    String auth = Base64.getEncoder().encodeToString((${quoted(`${user}:`)} + System.getenv(${quoted(KEY_VARIABLE)})).getBytes());`,
        `    HttpRequest request = HttpRequest.newBuilder(URI.create(${quoted(url)}))`,
        '        .header("Authorization", "Basic " + auth)',
        '        .header("Content-Type", "application/json")',
        `        .POST(HttpRequest.BodyPublishers.ofString(${quoted(body)}))`,
        '        .build();',
        '    HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
        '    System.out.println(response.statusCode() + " " + response.body());',
        '  }',
        '}',
      ].join('\n'),
    },
    'C#': {
      blockSubject: 'C# (.NET 6 or later, HttpClient)',
      blockBody: about('HttpClient'),
      blockProgrammingCode: [
        'using System.Net.Http.Headers;',
        'using System.Text;',
        '',
        'using var client = new HttpClient();',
        `var auth = Convert.ToBase64String(Encoding.UTF8.GetBytes(${quoted(`${user}:`)} + Environment.GetEnvironmentVariable(${quoted(KEY_VARIABLE)})));`,
        'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", auth);',
        `var content = new StringContent(${quoted(body)}, Encoding.UTF8, "application/json");`,
        `var response = await client.PostAsync(${quoted(url)}, content);`,
        'Console.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");',
      ].join('\n'),
    },
    'Events API v2': {
      blockSubject: 'Events API v2 (PagerDuty compatible)',
      blockBody: `Tools that can send to PagerDuty (Prometheus Alertmanager, Grafana, Zabbix, Datadog...) send here: set their Events API URL to ${eventsUrl} and their routing (integration) key to module ${moduleId}'s credential key, read here from ${KEY_VARIABLE}. trigger opens an incident, acknowledge accepts it, resolve completes it; the answer is 202 with the dedup_key.`,
      blockProgrammingCode: [
        `curl --fail-with-body -sS -X POST ${quoted(eventsUrl)} \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -d '{"routing_key":"'"$${KEY_VARIABLE}"'","event_action":"trigger","dedup_key":"db-1-disk","payload":{"summary":"Disk almost full on db-1","source":"db-1","severity":"critical"}}'`,
      ].join('\n'),
    },
  };
}
