import dns2 from 'dns2';
import { E2E_ENV } from './e2e-env';

/** A DNS server on E2E_ENV.DNS_SERVERS answering CNAME queries from a zone the test edits; every other name is NXDOMAIN. */
export async function startTestDns(): Promise<{ cnames: Map<string, string>; close(): Promise<void> }> {
  const { Packet } = dns2;
  const cnames = new Map<string, string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const target = question ? cnames.get(question.name.toLowerCase()) : undefined;
      // dns2 encodes a plain record object; its typings ask for a class instance.
      const answer = { name: question?.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: target };
      if (question && target) response.answers.push(answer as unknown as (typeof response.answers)[number]);
      else response.header.rcode = Packet.RCODE.NXDOMAIN;
      send(response);
    },
  });
  const [address, port] = E2E_ENV.DNS_SERVERS.split(':');
  const listening = new Promise<void>((resolve) => server.on('listening', () => resolve()));
  void server.listen({ udp: { port: Number(port), address } });
  await listening;
  return { cnames, close: () => server.close() };
}
