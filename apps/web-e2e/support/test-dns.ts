import dns2 from 'dns2';
import { E2E_ENV } from './e2e-env';

/** A DNS server on E2E_ENV.DNS_SERVERS answering CNAME and TXT queries from a zone the test edits; every other name is NXDOMAIN. */
export async function startTestDns(): Promise<{ cnames: Map<string, string>; txts: Map<string, string[]>; close(): Promise<void> }> {
  const { Packet } = dns2;
  const cnames = new Map<string, string>();
  const txts = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = question?.name.toLowerCase() ?? '';
      const target = cnames.get(name);
      const texts = question?.type === Packet.TYPE.TXT ? txts.get(name) : undefined;
      // dns2 encodes plain record objects (its typings ask for class instances); TXT data in strings of 255 bytes at most.
      const answers: object[] = texts
        ? texts.map((text) => ({ name: question?.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: text.match(/.{1,255}/g) ?? [''] }))
        : target && question?.type !== Packet.TYPE.TXT
          ? [{ name: question?.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: target }]
          : [];
      if (answers.length > 0) response.answers.push(...(answers as unknown as typeof response.answers));
      else response.header.rcode = txts.has(name) || cnames.has(name) ? Packet.RCODE.NOERROR : Packet.RCODE.NXDOMAIN;
      send(response);
    },
  });
  const [address, port] = E2E_ENV.DNS_SERVERS.split(':');
  const listening = new Promise<void>((resolve) => server.on('listening', () => resolve()));
  void server.listen({ udp: { port: Number(port), address } });
  await listening;
  return { cnames, txts, close: () => server.close() };
}
