import dns2 from 'dns2';

/** A DNS server on 127.0.0.1 answering CNAME and TXT queries from a zone the test edits; every other name is NXDOMAIN. */
export interface TestDns {
  /** `ip:port`, for DNS_SERVERS. */
  server: string;
  /** name -> CNAME target; set or delete entries to change what the server answers. */
  cnames: Map<string, string>;
  /** name -> TXT records (each one string). */
  txts: Map<string, string[]>;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
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
      // dns2 encodes plain record objects; its typings ask for class instances. TXT data goes out
      // in strings of at most 255 bytes, as a DKIM key needs.
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
  const listening = new Promise<void>((resolve) => server.on('listening', () => resolve()));
  void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  await listening;
  const { udp } = server.addresses() as { udp: { port: number } };
  return { server: `127.0.0.1:${udp.port}`, cnames, txts, close: () => server.close() };
}
